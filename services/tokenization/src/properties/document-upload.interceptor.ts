import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ErrorCode, MAX_DOCUMENT_BYTES, propertyDocumentKeys, uploadMessages } from '@app/contracts';
import { AppError } from '@app/platform';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { from, type Observable, switchMap } from 'rxjs';

/** Field parts allowed besides the files: the submission's dozen fields, each short. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 8 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: MAX_DOCUMENT_BYTES,
    files: propertyDocumentKeys.length,
    fields: MAX_FIELDS,
    fieldSize: MAX_FIELD_BYTES,
    parts: MAX_FIELDS + propertyDocumentKeys.length,
    headerPairs: 200,
  },
}).any();

const refusal = (error: unknown): AppError => {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new AppError(ErrorCode.PayloadTooLarge, uploadMessages.tooLarge);
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') {
      return new AppError(
        ErrorCode.ValidationFailed,
        `Upload at most one file per document type (${propertyDocumentKeys.length} in all).`,
      );
    }
    return new AppError(ErrorCode.ValidationFailed, 'The form has too many or too long fields.');
  }
  return new AppError(ErrorCode.MalformedBody, 'The upload could not be read; send it again as multipart/form-data.');
};

/**
 * Reads a multipart/form-data submission into memory with hard limits (size per document, files,
 * fields), answering the platform's errors (413 with the size message, 400 otherwise) before the
 * handler runs. The documents' kinds are checked by content afterwards (document-kind.ts).
 */
@Injectable()
export class DocumentUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!request.is('multipart/form-data')) {
      throw new AppError(ErrorCode.UnsupportedMediaType, 'Send the property and its documents as multipart/form-data.');
    }
    const parsed = new Promise<void>((resolve, reject) =>
      upload(request, http.getResponse<Response>(), (error: unknown) => (error ? reject(refusal(error)) : resolve())),
    );
    return from(parsed).pipe(switchMap(() => next.handle()));
  }
}
