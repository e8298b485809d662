import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  UnauthorizedException,
  type ArgumentsHost,
} from '@nestjs/common';
import { ErrorCode, errorBodySchema } from '@app/contracts';
import express from 'express';
import { AppError } from './app-error';
import { ErrorFilter, toErrorResponse } from './error.filter';

/**
 * The error express's JSON body parser (the one createServiceApp installs) passes to `next` for
 * the given raw request, or undefined when it parsed the body.
 */
function bodyParserErrorFor(
  raw: string | Buffer,
  headers: Record<string, string> = {},
  limit = '100kb',
): Promise<unknown> {
  const payload = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  const req = Object.assign(Readable.from([payload]), {
    headers: { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
    method: 'POST',
    url: '/',
  });
  return new Promise((resolve) =>
    express.json({ limit, strict: true })(req as never, {} as never, (error?: unknown) => resolve(error)),
  );
}

const leakFree = (body: object, ...secrets: string[]) => {
  const text = JSON.stringify(body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

describe('toErrorResponse', () => {
  it('answers an AppError with its own status, code, message and details', () => {
    const details = [{ path: 'email', message: 'Please enter a valid email address' }];
    expect(
      toErrorResponse(new AppError(ErrorCode.ValidationFailed, 'Please enter a valid email address', details)),
    ).toEqual({
      status: 400,
      body: { error: 'VALIDATION_FAILED', message: 'Please enter a valid email address', details },
    });
    expect(toErrorResponse(new AppError(ErrorCode.EmailTaken, 'Taken'))).toEqual({
      status: 409,
      body: { error: 'EMAIL_TAKEN', message: 'Taken' },
    });
    expect(toErrorResponse(new AppError(ErrorCode.EmailNotVerified, 'Verify'))).toMatchObject({ status: 403 });
    expect(toErrorResponse(new AppError(ErrorCode.Unauthenticated, 'Sign in'))).toMatchObject({ status: 401 });
  });

  it('omits details when an AppError has none', () => {
    expect(Object.keys(toErrorResponse(new AppError(ErrorCode.NotFound, 'Nope')).body)).toEqual(['error', 'message']);
  });

  describe('body-parser failures (real errors from express.json)', () => {
    it('malformed JSON -> 400 MALFORMED_BODY, without echoing the body or the parser message', async () => {
      const error = await bodyParserErrorFor('{"email": "secret-value@example.test",');
      expect(error).toMatchObject({ type: 'entity.parse.failed' });
      const response = toErrorResponse(error);
      expect(response).toEqual({
        status: 400,
        body: { error: 'MALFORMED_BODY', message: 'Request body is not valid JSON' },
      });
      leakFree(response.body, 'secret-value', 'Unexpected', 'JSON at position');
    });

    it.each(['null', '"text"', '42', 'true'])(
      'a strict-mode violation (top-level %s) -> 400 MALFORMED_BODY',
      async (raw) => {
        const error = await bodyParserErrorFor(raw);
        expect(toErrorResponse(error)).toEqual({
          status: 400,
          body: { error: 'MALFORMED_BODY', message: 'Request body is not valid JSON' },
        });
      },
    );

    it('too large -> 413 PAYLOAD_TOO_LARGE', async () => {
      const error = await bodyParserErrorFor(JSON.stringify({ blob: 'x'.repeat(200) }), {}, '100b');
      expect(error).toMatchObject({ type: 'entity.too.large' });
      expect(toErrorResponse(error)).toEqual({
        status: 413,
        body: { error: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
      });
    });

    it('an unsupported charset -> 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const error = await bodyParserErrorFor('{}', { 'content-type': 'application/json; charset=iso-8859-1' });
      expect(error).toMatchObject({ type: 'charset.unsupported' });
      expect(toErrorResponse(error)).toMatchObject({ status: 415, body: { error: 'UNSUPPORTED_MEDIA_TYPE' } });
    });

    it('an unsupported content encoding -> 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const error = await bodyParserErrorFor('{}', { 'content-encoding': 'compress' });
      expect(error).toMatchObject({ type: 'encoding.unsupported' });
      expect(toErrorResponse(error)).toMatchObject({ status: 415, body: { error: 'UNSUPPORTED_MEDIA_TYPE' } });
    });

    it('a valid gzip body parses (control for the next case)', async () => {
      expect(await bodyParserErrorFor(gzipSync('{"a":1}'), { 'content-encoding': 'gzip' })).toBeUndefined();
    });

    // KNOWN BUG: toErrorResponse only knows the body-parser types entity.parse.failed,
    // entity.too.large, encoding.* and charset.unsupported. body-parser's other client errors
    // (request.size.invalid, request.aborted, and zlib errors from a body that does not inflate,
    // all with status 400) fall through to 500 INTERNAL and are logged as server errors.
    // Remove `.failing` once they are mapped to a 4xx.
    it('a body whose length disagrees with Content-Length is a client error, not a 500', async () => {
      const error = await bodyParserErrorFor('{"a":1}', { 'content-length': '3' });
      expect(error).toMatchObject({ status: 400, type: 'request.size.invalid' });
      const response = toErrorResponse(error);
      expect(response.status).toBeLessThan(500);
      expect(errorBodySchema.strict().parse(response.body)).toEqual(response.body);
    });

    it('a gzip body that does not inflate is a client error, not a 500', async () => {
      const error = await bodyParserErrorFor('this is not gzip', { 'content-encoding': 'gzip' });
      expect(error).toMatchObject({ status: 400 });
      const response = toErrorResponse(error);
      expect(response.status).toBeLessThan(500);
      leakFree(response.body, 'incorrect header check');
    });
  });

  describe('Nest HttpExceptions', () => {
    it.each<[HttpException, number, string]>([
      [new BadRequestException('Bad thing'), 400, 'VALIDATION_FAILED'],
      [new UnauthorizedException(), 401, 'UNAUTHENTICATED'],
      [new ForbiddenException(), 403, 'FORBIDDEN'],
      [new NotFoundException('Cannot GET /nope'), 404, 'NOT_FOUND'],
      [new PayloadTooLargeException(), 413, 'PAYLOAD_TOO_LARGE'],
      [new HttpException('Too many', 429), 429, 'RATE_LIMITED'],
      [new HttpException('Teapot', 418), 418, 'VALIDATION_FAILED'],
      [new HttpException('Upstream down', 502), 502, 'INTERNAL'],
    ])('%s -> %i %s', (exception, status, code) => {
      const { status: actual, body } = toErrorResponse(exception);
      expect(actual).toBe(status);
      expect(body.error).toBe(code);
      expect(typeof body.message).toBe('string');
      expect(body).not.toHaveProperty('statusCode');
    });

    it("keeps the exception's string message (Nest's own 404 text)", () => {
      expect(toErrorResponse(new NotFoundException('Cannot GET /api/nope')).body).toEqual({
        error: 'NOT_FOUND',
        message: 'Cannot GET /api/nope',
      });
      expect(toErrorResponse(new BadRequestException('Bad thing')).body.message).toBe('Bad thing');
    });

    it('falls back to the exception message when the response message is not a string', () => {
      const exception = new BadRequestException({ message: ['a', 'b'], error: 'Bad Request' });
      expect(toErrorResponse(exception).body).toEqual({ error: 'VALIDATION_FAILED', message: exception.message });
    });
  });

  describe('anything else', () => {
    it.each<[string, unknown]>([
      ['an Error', new Error('password=hunter2 at db.internal:5432')],
      ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'passwordHash')")],
      ['a thrown string', 'raw secret string'],
      ['null', null],
      ['undefined', undefined],
      ['a plain object', { status: 400, secret: 'object-secret' }],
    ])('%s -> 500 INTERNAL with a generic message', (_case, exception) => {
      const response = toErrorResponse(exception);
      expect(response).toEqual({
        status: 500,
        body: { error: 'INTERNAL', message: 'Something went wrong. Please try again.' },
      });
    });

    it('never leaks the message or the stack of an unknown error', () => {
      const error = new Error('password=hunter2 at db.internal:5432');
      const { body } = toErrorResponse(error);
      leakFree(body, 'hunter2', 'db.internal', error.stack!.split('\n')[1]!.trim(), 'error.filter.spec');
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    });
  });
});

describe('ErrorFilter', () => {
  const hostFor = (headersSent = false) => {
    const response = { headersSent, status: jest.fn(), json: jest.fn() };
    response.status.mockReturnValue(response);
    const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
    return { host, response };
  };

  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('writes the mapped status and body, and logs nothing for an expected failure', () => {
    const { host, response } = hostFor();
    new ErrorFilter().catch(
      new AppError(ErrorCode.InvalidCredentials, 'Invalid email or password. Please try again.'),
      host,
    );
    expect(response.status).toHaveBeenCalledWith(401);
    expect(response.json).toHaveBeenCalledWith({
      error: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password. Please try again.',
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs the stack of an unexpected error server-side and answers the generic 500', () => {
    const { host, response } = hostFor();
    const error = new Error('boom: secret');
    new ErrorFilter().catch(error, host);
    expect(logged).toHaveBeenCalledWith(error.stack);
    expect(response.status).toHaveBeenCalledWith(500);
    expect(response.json).toHaveBeenCalledWith({
      error: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('does not write when the headers were already sent', () => {
    const { host, response } = hostFor(true);
    new ErrorFilter().catch(new AppError(ErrorCode.NotFound, 'Nope'), host);
    expect(response.status).not.toHaveBeenCalled();
    expect(response.json).not.toHaveBeenCalled();
  });
});
