import type { ContractConfig, InvestmentRequest, InvestmentView, PropertyView } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { queryKeys } from '../api/query-keys';
import {
  cancelInvestment,
  createInvestment,
  deployContract,
  fetchInvestment,
  fetchInvestments,
  fetchProperties,
  fetchProperty,
  fetchTokenChains,
  fetchTokenizationEligibility,
  fetchTokenizationSummary,
  fetchWholesaleDeclaration,
  rerunComplianceCheck,
  saveWholesaleDeclaration,
  submitProperty,
} from '../api/tokenization';

export interface TokenizationTiming {
  /** How often a property is re-read while its checks run or its contract deploys, and an investment while it mints. */
  pollMs: number;
  /** How often an investment is re-read while it waits for the payment (card confirmation, crypto charge). */
  paymentPollMs: number;
}

export const defaultTokenizationTiming: TokenizationTiming = { pollMs: 1_000, paymentPollMs: 3_000 };

/** Tests shorten the intervals through this context instead of faking antd's timers. */
export const TokenizationTimingContext = createContext<TokenizationTiming>(defaultTokenizationTiming);

/** Whether the server is still working on the property: its checks, or its contract's deployment. */
export const propertyInProgress = (property: PropertyView): boolean =>
  property.compliance?.status === 'queued' ||
  property.compliance?.status === 'running' ||
  property.contract?.status === 'queued' ||
  property.contract?.status === 'deploying';

export const investmentSettled = (investment: InvestmentView): boolean =>
  investment.status === 'completed' || investment.status === 'failed';

/** The region gate's answer, read once per visit and shared by the sidebar, the dashboard and the pages. */
export function useTokenizationEligibility() {
  return useQuery({ queryKey: queryKeys.tokenizationEligibility, queryFn: fetchTokenizationEligibility });
}

/** The chains' status and gas price (the contract step's cost estimate), read again every 30 s. */
export function useTokenChains() {
  return useQuery({ queryKey: queryKeys.tokenChains, queryFn: fetchTokenChains, refetchInterval: 30_000 });
}

export function useTokenizationProperties() {
  return useQuery({ queryKey: queryKeys.tokenizationProperties, queryFn: fetchProperties });
}

/** What the server finished (checks, a deployment, a mint) changes the list and the dashboard's figures. */
function useRefreshSummaryWhenSettled(settled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.tokenizationProperties, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tokenizationSummary });
  }, [settled, queryClient]);
}

/** One property, re-read every second while its checks run or its contract deploys. */
export function useTokenizationProperty(id: string | undefined) {
  const { pollMs } = useContext(TokenizationTimingContext);
  const query = useQuery({
    queryKey: queryKeys.tokenizationProperty(id ?? ''),
    queryFn: () => fetchProperty(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data && propertyInProgress(q.state.data) ? pollMs : false),
  });
  useRefreshSummaryWhenSettled(query.data !== undefined && !propertyInProgress(query.data));
  return query;
}

/** The dashboard's figures, asked for only where tokenization is offered (elsewhere the server refuses them). */
export function useTokenizationSummary() {
  const eligibility = useTokenizationEligibility();
  const summary = useQuery({
    queryKey: queryKeys.tokenizationSummary,
    queryFn: fetchTokenizationSummary,
    enabled: eligibility.data?.isAllowed === true,
  });
  return { eligibility, summary };
}

/** A property the server answered with: stored as its own query, the list and the summary read again. */
function useStoreProperty() {
  const queryClient = useQueryClient();
  return (property: PropertyView) => {
    queryClient.setQueryData(queryKeys.tokenizationProperty(property.id), property);
    void queryClient.invalidateQueries({ queryKey: queryKeys.tokenizationProperties, exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.tokenizationSummary });
  };
}

export function useSubmitProperty() {
  const store = useStoreProperty();
  return useMutation({ mutationFn: submitProperty, onSuccess: store });
}

export function useRerunComplianceCheck() {
  const store = useStoreProperty();
  return useMutation({ mutationFn: rerunComplianceCheck, onSuccess: store });
}

export function useDeployContract() {
  const store = useStoreProperty();
  return useMutation({
    mutationFn: ({ id, config }: { id: string; config: ContractConfig }) => deployContract(id, config),
    onSuccess: store,
  });
}

export function useWholesaleDeclaration() {
  return useQuery({ queryKey: queryKeys.wholesaleDeclaration, queryFn: fetchWholesaleDeclaration });
}

export function useSaveWholesaleDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWholesaleDeclaration,
    onSuccess: (declaration) => queryClient.setQueryData(queryKeys.wholesaleDeclaration, declaration),
  });
}

export function useCreateInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, request }: { propertyId: string; request: InvestmentRequest }) =>
      createInvestment(propertyId, request),
    onSuccess: (investment) => queryClient.setQueryData(queryKeys.tokenizationInvestment(investment.id), investment),
  });
}

/** The user's investments (newest first): those awaiting payment can be resumed or cancelled. */
export function useInvestments() {
  return useQuery({ queryKey: queryKeys.tokenizationInvestments, queryFn: fetchInvestments });
}

/** Cancels an investment awaiting payment; the investment and the list show it failed at once. */
export function useCancelInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvestment,
    onSuccess: (investment) => {
      queryClient.setQueryData(queryKeys.tokenizationInvestment(investment.id), investment);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tokenizationInvestments, exact: true });
    },
  });
}

/** One investment, re-read until it is completed or failed (slower while it waits for the payment). */
export function useInvestment(id: string | undefined) {
  const { pollMs, paymentPollMs } = useContext(TokenizationTimingContext);
  const query = useQuery({
    queryKey: queryKeys.tokenizationInvestment(id ?? ''),
    queryFn: () => fetchInvestment(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const investment = query.state.data;
      if (!investment || investmentSettled(investment)) return false;
      return investment.status === 'awaiting_payment' ? paymentPollMs : pollMs;
    },
  });
  useRefreshSummaryWhenSettled(query.data !== undefined && investmentSettled(query.data));
  return query;
}
