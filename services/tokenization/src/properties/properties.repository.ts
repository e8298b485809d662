import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { freeTimestampId } from '../common/timestamp-ids.repository';
import { PropertyDocument } from './property-document.entity';
import { Property } from './property.entity';

@Injectable()
export class PropertiesRepository {
  insert(manager: EntityManager, property: Omit<Property, 'createdAt'>): Promise<Property> {
    return manager.save(manager.create(Property, property));
  }

  async insertDocuments(manager: EntityManager, documents: Omit<PropertyDocument, 'uploadedAt'>[]): Promise<void> {
    if (documents.length) await manager.insert(PropertyDocument, documents);
  }

  freeSubmissionId(manager: EntityManager, at: Date): Promise<string> {
    return freeTimestampId(manager, 'properties', 'submission_id', 'PROP-', at);
  }

  ofUser(manager: EntityManager, userId: string, id: string): Promise<Property | null> {
    return manager.findOneBy(Property, { userId, id });
  }

  byId(manager: EntityManager, id: string): Promise<Property | null> {
    return manager.findOneBy(Property, { id });
  }

  /** The property locked until the caller's transaction ends. */
  lock(manager: EntityManager, id: string): Promise<Property | null> {
    return manager
      .createQueryBuilder(Property, 'property')
      .setLock('pessimistic_write')
      .where('property.id = :id', { id })
      .getOne();
  }

  /** The user's properties, newest first. */
  newest(manager: EntityManager, userId: string, limit: number): Promise<Property[]> {
    return manager.find(Property, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async update(manager: EntityManager, id: string, changes: Partial<Omit<Property, 'id' | 'userId'>>): Promise<void> {
    await manager.update(Property, { id }, changes);
  }

  /** A document with its bytes. */
  document(manager: EntityManager, propertyId: string, id: string): Promise<PropertyDocument | null> {
    return manager
      .createQueryBuilder(PropertyDocument, 'document')
      .addSelect('document.content')
      .where('document.property_id = :propertyId AND document.id = :id', { propertyId, id })
      .getOne();
  }

  /** The user's figures for the dashboard: properties, tokenized ones and their value, those in compliance. */
  async summary(
    manager: EntityManager,
    userId: string,
  ): Promise<{ properties: number; tokenized: number; tokenizedValue: string; inCompliance: number }> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS properties,
              count(*) FILTER (WHERE tokenization_status = 'deployed')::int AS tokenized,
              coalesce(sum(value) FILTER (WHERE tokenization_status = 'deployed'), 0)::numeric(17, 2)::text AS "tokenizedValue",
              count(*) FILTER (WHERE status = 'compliance')::int AS "inCompliance"
         FROM tokenization.properties WHERE user_id = $1`,
      [userId],
    )) as { properties: number; tokenized: number; tokenizedValue: string; inCompliance: number }[];
    return row!;
  }
}
