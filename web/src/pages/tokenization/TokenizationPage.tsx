import type { InvestmentView, PropertyView } from '@app/contracts';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { RegionGate } from '../../components/RegionGate';
import { useTokenizationProperty } from '../../hooks/useTokenization';
import { LoadFailed } from '../dashboard/LoadFailed';
import { CompletionStep } from './CompletionStep';
import { ComplianceStep } from './ComplianceStep';
import { ContractStep } from './ContractStep';
import { InvestmentStep } from './InvestmentStep';
import { PropertiesInProgress } from './PropertiesInProgress';
import { PropertySubmissionStep } from './PropertySubmissionStep';
import { WorkflowProgress } from './WorkflowProgress';
import { currentStage, isWorkflowStage, type WorkflowStage } from './workflow';

/** Spec 2 Real Estate Tokenization: the four-step workflow, behind the regional gate. */
export function TokenizationPage() {
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Real Estate Tokenization
        </Typography.Title>
        <Typography.Text type="secondary">Transform real estate assets into blockchain tokens</Typography.Text>
        <div>
          <Link to="/tokenization-info">Read the tokenization guide</Link>
        </div>
      </div>
      <RegionGate>
        <TokenizationWorkflow />
      </RegionGate>
    </Flex>
  );
}

/**
 * The workflow's place lives in the URL (?property=, ?step=, ?investment=), so a reload or a return
 * later picks the property up where it was; the server's state decides how far it may go.
 */
function TokenizationWorkflow() {
  const [params, setParams] = useSearchParams();
  const propertyId = params.get('property') ?? undefined;
  const investmentId = params.get('investment') ?? undefined;
  const step = params.get('step');
  const requested = isWorkflowStage(step) ? step : undefined;
  const property = useTokenizationProperty(propertyId);

  // The completion screen shows an investment: without one, the investment portal.
  const wanted = requested === 'complete' && !investmentId ? 'investment' : requested;
  const stage: WorkflowStage | undefined = !propertyId
    ? 'upload'
    : property.data
      ? currentStage(property.data, wanted)
      : undefined;

  const show = useCallback(
    (id: string, next?: WorkflowStage, investment?: string) =>
      setParams({ property: id, ...(next && { step: next }), ...(investment && { investment }) }),
    [setParams],
  );
  const reset = () => setParams({});
  const onCompleted = useCallback(() => {
    if (propertyId && investmentId) show(propertyId, 'complete', investmentId);
  }, [propertyId, investmentId, show]);

  // Each new step takes the focus, so keyboard and screen reader users start at its top.
  const stepRef = useRef<HTMLElement>(null);
  const shownStage = useRef(stage);
  useEffect(() => {
    if (stage === undefined || stage === shownStage.current) return;
    const first = shownStage.current === undefined;
    shownStage.current = stage;
    if (!first) stepRef.current?.focus();
  }, [stage]);

  let content;
  if (stage === undefined) {
    content =
      property.error instanceof ApiError && property.error.status === 404 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="This property could not be found."
          action={
            <Button size="small" onClick={reset}>
              Submit a Property
            </Button>
          }
        />
      ) : property.isError ? (
        <Card>
          <LoadFailed what="The property" onRetry={() => void property.refetch()} retrying={property.isFetching} />
        </Card>
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      );
  } else {
    content = (
      <StageContent
        stage={stage}
        property={property.data}
        investmentId={investmentId}
        onSubmitted={(submitted) => show(submitted.id, 'compliance')}
        onResume={(resumed) => show(resumed.id)}
        onStage={(next) => propertyId && show(propertyId, next)}
        onInvested={(investment) => propertyId && show(propertyId, 'investment', investment.id)}
        onCompleted={onCompleted}
        onReset={reset}
      />
    );
  }

  return (
    <Flex vertical gap={24}>
      {stage && <WorkflowProgress stage={stage} />}
      <section ref={stepRef} tabIndex={-1} aria-label="Current step" style={{ outline: 'none' }}>
        {content}
      </section>
    </Flex>
  );
}

interface StageContentProps {
  stage: WorkflowStage;
  property: PropertyView | undefined;
  investmentId: string | undefined;
  onSubmitted: (property: PropertyView) => void;
  onResume: (property: PropertyView) => void;
  onStage: (stage: WorkflowStage) => void;
  onInvested: (investment: InvestmentView) => void;
  onCompleted: () => void;
  onReset: () => void;
}

function StageContent({ stage, property, investmentId, ...on }: StageContentProps) {
  if (stage === 'upload' || !property) {
    return (
      <Flex vertical gap={24}>
        <PropertiesInProgress onContinue={on.onResume} />
        <PropertySubmissionStep onSubmitted={on.onSubmitted} />
      </Flex>
    );
  }
  switch (stage) {
    case 'compliance':
      return <ComplianceStep property={property} onContinue={() => on.onStage('contract')} onStartOver={on.onReset} />;
    case 'contract':
      return <ContractStep property={property} onContinue={() => on.onStage('investment')} />;
    case 'investment':
      return (
        <InvestmentStep
          property={property}
          investmentId={investmentId}
          onCreated={on.onInvested}
          onCompleted={on.onCompleted}
          onRetry={() => on.onStage('investment')}
        />
      );
    case 'complete':
      return <CompletionStep property={property} investmentId={investmentId ?? ''} onReset={on.onReset} />;
  }
}
