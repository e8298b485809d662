import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import {
  complianceRiskLevel,
  CONTRACT_MIN_RISK_SCORE,
  kycCleared,
  kycVerificationPath,
  type ComplianceCheckStatus,
  type ComplianceCheckView,
  type ComplianceExceptionView,
  type ComplianceRunView,
  type DeploymentBlocker,
  type PropertyView,
} from '@app/contracts';
import { Alert, Button, Card, Flex, Progress, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { useKycStatus } from '../../hooks/useKyc';
import { useRerunComplianceCheck } from '../../hooks/useTokenization';
import { useToast } from '../../hooks/useToast';
import { formatDateTime } from '../../lib/format';
import { compliancePassed, scoredEnough } from './workflow';
import { checkStatusColors, checkStatusLabels } from './labels';

const statusIcons: Record<ComplianceCheckStatus, ReactNode> = {
  pending: <ClockCircleOutlined />,
  running: <LoadingOutlined />,
  passed: <CheckCircleFilled style={{ color: '#4ade80' }} />,
  warning: <ExclamationCircleFilled style={{ color: '#facc15' }} />,
  failed: <CloseCircleFilled style={{ color: '#f87171' }} />,
};

const runStatusText: Record<ComplianceRunView['status'], string> = {
  queued: 'The checks are queued and start in a moment.',
  running: 'Running the checks one after another...',
  completed: 'Every check has run.',
  failed: 'The checks could not be completed.',
};

const levelColors = { Low: 'success', Medium: 'warning', High: 'error' } as const;

interface ComplianceStepProps {
  property: PropertyView;
  onContinue: () => void;
  onStartOver: () => void;
}

/** Step 2: the server's checks with their live status, the risk score and the way on (spec 4: at least 70). */
export function ComplianceStep({ property, onContinue, onStartOver }: ComplianceStepProps) {
  const run = property.compliance;
  const rerun = useRerunComplianceCheck();
  const { toast } = useToast();

  const runAgain = () =>
    rerun.mutate(property.id, {
      onError: (error) =>
        toast({
          title: 'Checks Not Started',
          description:
            (error instanceof ApiError && error.serverMessage) || 'The checks could not be started. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <Card title="Compliance Verification">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{run ? runStatusText[run.status] : runStatusText.queued}</Typography.Text>
        <Progress percent={run?.progress ?? 0} aria-label="Compliance progress" />
        {run && <CheckList checks={run.checks} />}
        {run?.status === 'completed' && run.riskScore !== null && (
          <RiskScore score={run.riskScore} overallStatus={run.overallStatus} />
        )}
        {run?.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="The compliance checks stopped before they finished."
            description="Nothing was decided about the property: run the checks again."
          />
        )}
        {run?.status === 'completed' && !scoredEnough(property) && (
          <BelowThreshold
            checks={run.checks}
            verifyLink={!property.deploymentBlockers.some((blocker) => blocker.condition === 'kyc')}
          />
        )}
        {run?.status === 'completed' && property.complianceException && (
          <ExceptionNote exception={property.complianceException} />
        )}
        {run?.status === 'completed' && property.deploymentBlockers.length > 0 && (
          <Blockers blockers={property.deploymentBlockers} />
        )}
        {run?.status === 'completed' && (
          <Flex justify="flex-end">
            <Button type="primary" onClick={onContinue} disabled={!compliancePassed(property)}>
              Continue to Smart Contract
            </Button>
          </Flex>
        )}
        {(run?.status === 'failed' ||
          (run?.status === 'completed' &&
            property.deploymentBlockers.some((blocker) => blocker.condition === 'compliance'))) && (
          <Flex gap={8} wrap justify="flex-end">
            <Button onClick={onStartOver}>Start Over</Button>
            <Button type="primary" loading={rerun.isPending} onClick={runAgain}>
              Run Checks Again
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

function CheckList({ checks }: { checks: ComplianceCheckView[] }) {
  return (
    <ul aria-label="Compliance checks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {checks.map((check) => (
        <li
          key={check.id}
          aria-label={check.name}
          style={{ padding: '12px 0', borderBottom: '1px solid rgba(255,255,255,0.08)' }}
        >
          <Flex gap={12} align="flex-start">
            <span aria-hidden style={{ fontSize: 18, lineHeight: '22px' }}>
              {statusIcons[check.status]}
            </span>
            <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text strong>{check.name}</Typography.Text>
                <Tag color={checkStatusColors[check.status]} style={{ marginInlineEnd: 0 }}>
                  {checkStatusLabels[check.status]}
                </Tag>
              </Flex>
              <Typography.Text type="secondary">{check.description}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Provider: {check.provider}
              </Typography.Text>
              {check.result && <Typography.Text>{check.result}</Typography.Text>}
            </Flex>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

function RiskScore({ score, overallStatus }: { score: number; overallStatus: ComplianceRunView['overallStatus'] }) {
  const { level, meaning: byScore } = complianceRiskLevel(score);
  // A failed check decides whatever the score says (the token cannot be deployed): never "approved".
  const meaning = overallStatus === 'failed' && level !== 'High' ? 'Not approved: a check failed' : byScore;
  return (
    <section aria-label="Risk score">
      <Flex align="center" gap={16} wrap>
        <Typography.Text style={{ fontSize: 28, fontWeight: 600 }}>{score}/100</Typography.Text>
        <Tag color={levelColors[level]}>{level} risk</Tag>
        <Typography.Text>{meaning}</Typography.Text>
        {overallStatus && (
          <Typography.Text type="secondary">Overall: {checkStatusLabels[overallStatus]}</Typography.Text>
        )}
      </Flex>
    </section>
  );
}

/** Where each unmet condition is put right. */
const blockerActions: Record<DeploymentBlocker['condition'], { to: string; label: string } | null> = {
  compliance: null,
  kyc: { to: kycVerificationPath, label: 'Verify your identity' },
  plan: { to: '/pricing', label: 'See the plans' },
};

/** Issue 39: what still stands between the property and its token, as the server decides it. */
export function Blockers({ blockers }: { blockers: DeploymentBlocker[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title="The token cannot be deployed yet"
      description={
        <ul aria-label="Deployment conditions not met" style={{ margin: 0, paddingInlineStart: 20 }}>
          {blockers.map((blocker) => {
            const action = blockerActions[blocker.condition];
            return (
              <li key={blocker.condition}>
                <Flex vertical gap={4} align="flex-start">
                  <Typography.Text>{blocker.message}</Typography.Text>
                  {action && (
                    <ButtonLink to={action.to} size="small">
                      {action.label}
                    </ButtonLink>
                  )}
                </Flex>
              </li>
            );
          })}
        </ul>
      }
    />
  );
}

/** An exception the compliance team approved for this run: who, when and why. */
function ExceptionNote({ exception }: { exception: ComplianceExceptionView }) {
  return (
    <Alert
      type="info"
      showIcon
      title={`Compliance exception approved by ${exception.approvedBy} on ${formatDateTime(exception.approvedAt)}`}
      description={exception.reason}
    />
  );
}

/** Below 70 the user stays on this step: what held it back, and how to do better. */
function BelowThreshold({ checks, verifyLink }: { checks: ComplianceCheckView[]; verifyLink: boolean }) {
  const kyc = useKycStatus();
  const concerns = checks.filter((check) => check.status === 'failed' || check.status === 'warning');
  const identityMissing =
    verifyLink &&
    checks.some((check) => check.id === 'kyc' && check.status === 'failed') &&
    !kycCleared(kyc.data?.kycStatus);
  return (
    <Alert
      type="error"
      showIcon
      title={`A risk score of at least ${CONTRACT_MIN_RISK_SCORE} is needed to configure the smart contract.`}
      description={
        <Flex vertical gap={8}>
          {concerns.length > 0 && (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {concerns.map((check) => (
                <li key={check.id}>
                  {check.name}: {check.result ?? checkStatusLabels[check.status]}
                </li>
              ))}
            </ul>
          )}
          <Typography.Text>
            Fix what the checks found (for example verify your identity), then run the checks again, or start over with
            corrected details and documents.
          </Typography.Text>
          {identityMissing && (
            <div>
              <ButtonLink to={kycVerificationPath} size="small">
                Verify your identity
              </ButtonLink>
            </div>
          )}
        </Flex>
      }
    />
  );
}
