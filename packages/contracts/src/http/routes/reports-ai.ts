import { route } from '../route';
import {
  analyzeReportRequestSchema,
  generateReportRequestSchema,
  reportAnalysisSchema,
  reportDownloadQuerySchema,
  reportListSchema,
  reportSchema,
} from '../../reports';

const service = 'reports-ai';
const tag = 'Reports';
/** Generating queues a render and analysing may call OpenAI: limited per client address, each route apart. */
const costly = [{ setting: 'RATE_LIMIT_REPORTS_PER_MINUTE', windowSeconds: 60 }] as const;

/** Spec 7's /api/reports calls (reports-ai); only the owner's reports (another user's id is a 404). */
export const reportRoutes = [
  route({
    id: 'generateReport',
    method: 'POST',
    path: '/api/reports/generate',
    service,
    summary: 'Queues a report of a type and period; poll it until it is completed or failed.',
    tag,
    access: 'verified',
    apiKey: 'write',
    rateLimits: costly,
    body: generateReportRequestSchema,
    response: reportSchema,
    status: 201,
  }),
  route({
    id: 'listReports',
    method: 'GET',
    path: '/api/reports',
    service,
    summary: "The user's most recent reports, newest first.",
    tag,
    access: 'verified',
    apiKey: 'read',
    response: reportListSchema,
  }),
  route({
    id: 'getReport',
    method: 'GET',
    path: '/api/reports/:id',
    service,
    summary: 'One report and its generation progress.',
    tag,
    access: 'verified',
    apiKey: 'read',
    response: reportSchema,
  }),
  route({
    id: 'downloadReport',
    method: 'GET',
    path: '/api/reports/download/:id',
    service,
    summary: "A completed report's file as an attachment: PDF by default, CSV with format=csv.",
    tag,
    access: 'verified',
    apiKey: 'read',
    query: reportDownloadQuerySchema,
    produces: 'application/pdf',
  }),
  route({
    id: 'analyzeReport',
    method: 'POST',
    path: '/api/reports/analyze',
    service,
    summary: "An AI analysis of a stored report's figures (only its id is read from the request).",
    tag,
    access: 'verified',
    apiKey: 'write',
    rateLimits: costly,
    body: analyzeReportRequestSchema,
    response: reportAnalysisSchema,
  }),
] as const;
