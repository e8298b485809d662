import {
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  StreamableFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { PropertyList, PropertyView, TokenizationSummary } from '@app/contracts';
import { CurrentUser, type AuthUser } from '@app/platform';
import type { Request } from 'express';
import { RegionGuard } from '../region/region.guard';
import { DocumentUploadInterceptor } from './document-upload.interceptor';
import { PropertiesService, type UploadedDocument } from './properties.service';

/** MIME types of the stored kinds, for downloads. */
const contentTypes = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png', dwg: 'image/vnd.dwg' } as const;

@Controller('api/tokenization')
@UseGuards(RegionGuard)
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  /** multipart/form-data: the submission's fields and one file per document type (field name = its key). */
  @Post('upload')
  @UseInterceptors(DocumentUploadInterceptor)
  upload(@CurrentUser() user: AuthUser, @Req() request: Request): Promise<PropertyView> {
    return this.properties.submit(
      user.id,
      (request.body ?? {}) as Record<string, unknown>,
      (request.files ?? []) as UploadedDocument[],
    );
  }

  @Get('properties')
  list(@CurrentUser() user: AuthUser): Promise<PropertyList> {
    return this.properties.list(user.id);
  }

  @Get('properties/:id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PropertyView> {
    return this.properties.get(user.id, id);
  }

  @Get('properties/:id/documents/:documentId')
  async document(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('documentId') documentId: string,
  ): Promise<StreamableFile> {
    const document = await this.properties.document(user.id, id, documentId);
    return new StreamableFile(document.content, {
      type: contentTypes[document.kind],
      disposition: `attachment; filename="${document.fileName}"`,
      length: document.content.length,
    });
  }

  @Post('properties/:id/compliance-check')
  @HttpCode(200)
  recheck(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PropertyView> {
    return this.properties.recheck(user.id, id);
  }

  @Get('summary')
  summary(@CurrentUser() user: AuthUser): Promise<TokenizationSummary> {
    return this.properties.summary(user.id);
  }
}
