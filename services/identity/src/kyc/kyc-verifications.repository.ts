import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { User } from '../users/user.entity';
import { KycVerification } from './kyc-verification.entity';

export type NewKycVerification = Pick<
  KycVerification,
  'userId' | 'providerSessionId' | 'status' | 'businessCountry' | 'nzbn' | 'businessNumber' | 'taxNumber'
>;

/** A verification with the account it belongs to, for ops. */
export interface KycVerificationOfAccount {
  verification: KycVerification;
  email: string;
  businessName: string;
  kycStatus: string;
}

@Injectable()
export class KycVerificationsRepository {
  constructor(@InjectRepository(KycVerification) private readonly verifications: Repository<KycVerification>) {}

  /** The user's newest verification: the one that decides the account's status. */
  latestOf(userId: string, manager?: EntityManager): Promise<KycVerification | null> {
    return (manager?.getRepository(KycVerification) ?? this.verifications).findOne({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** Whether this platform started the provider session. */
  hasSession(providerSessionId: string): Promise<boolean> {
    return this.verifications.existsBy({ providerSessionId });
  }

  bySession(manager: EntityManager, providerSessionId: string): Promise<KycVerification | null> {
    return manager.findOne(KycVerification, { where: { providerSessionId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Records a new session; the same provider session twice (a repeated start) gives the first row. */
  async insert(manager: EntityManager, verification: NewKycVerification): Promise<KycVerification> {
    await manager.createQueryBuilder().insert().into(KycVerification).values(verification).orIgnore().execute();
    return manager.findOneOrFail(KycVerification, { where: { providerSessionId: verification.providerSessionId } });
  }

  save(manager: EntityManager, verification: KycVerification): Promise<KycVerification> {
    return manager.save(verification);
  }

  /** The newest verifications of every account, most recently changed first. */
  async recent(limit: number): Promise<KycVerificationOfAccount[]> {
    const rows = await this.verifications
      .createQueryBuilder('verification')
      .innerJoin(User, 'account', 'account.id = verification.user_id')
      .addSelect(['account.email', 'account.businessName', 'account.kycStatus'])
      .orderBy('verification.updated_at', 'DESC')
      .addOrderBy('verification.id', 'DESC')
      .limit(limit)
      .getRawAndEntities();
    const accounts = new Map(rows.raw.map((raw: Record<string, string>) => [raw.verification_id, raw]));
    return rows.entities.map((verification) => {
      const account = accounts.get(verification.id)!;
      return {
        verification,
        email: account.account_email!,
        businessName: account.account_business_name!,
        kycStatus: account.account_kyc_status!,
      };
    });
  }
}
