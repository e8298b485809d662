import { recentReportsLimit, type Report } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { analyzeReport, fetchReport, fetchReports, generateReport } from '../api/reports';
import { queryKeys } from '../api/query-keys';

/** Live progress: a report being generated is re-read every second. */
const reportPollMs = 1000;
/** The recent list catches up with reports started elsewhere (the dashboard, another tab) less often. */
const recentPollMs = 5000;

export const reportInProgress = (report: Pick<Report, 'status'>): boolean =>
  report.status === 'queued' || report.status === 'generating';

/** Spec 9: the 5 most recent, re-read while one of them is still being generated. */
export function useRecentReports() {
  return useQuery({
    queryKey: queryKeys.recentReports,
    queryFn: fetchReports,
    select: (list) => list.reports.slice(0, recentReportsLimit),
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.reports.some(reportInProgress) ? recentPollMs : false,
  });
}

/** One report, polled while queued or generating; a failed read stops the polling until retried. */
export function useReport(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.report(id ?? ''),
    queryFn: () => fetchReport(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data && reportInProgress(query.state.data) ? reportPollMs : false,
  });
}

/** The answer is the queued report: it seeds the report's query, so following it starts without a read. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateReport,
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.report(report.id), report);
      return queryClient.invalidateQueries({ queryKey: queryKeys.recentReports });
    },
  });
}

/** The server stores the analysis with the report: the report and the list show it from then on. */
export function useAnalyzeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeReport,
    onSuccess: (analysis, report) => {
      queryClient.setQueryData<Report>(queryKeys.report(report.id), (current) => ({
        ...(current ?? report),
        analysis,
      }));
      return queryClient.invalidateQueries({ queryKey: queryKeys.recentReports });
    },
  });
}

/**
 * Calls `onSettled` once when `report` is the one awaited (`awaitedId`) and has completed or failed;
 * the recent list is re-read then, so it shows the new status.
 */
export function useReportSettled(
  report: Report | undefined,
  awaitedId: string | undefined,
  onSettled: (report: Report) => void,
) {
  const queryClient = useQueryClient();
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!report || report.id !== awaitedId || reportInProgress(report) || handled.current === report.id) return;
    handled.current = report.id;
    void queryClient.invalidateQueries({ queryKey: queryKeys.recentReports });
    onSettled(report);
  }, [report, awaitedId, onSettled, queryClient]);
}
