import { cryptoMessages, daysToSeconds, escrowDefaults, type Escrow } from '@app/contracts';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { isKycRequiredError } from '../../api/kyc';
import { KycRequiredAlert } from '../../components/feedback/KycRequiredAlert';
import {
  useCancelEscrow,
  useCreateEscrow,
  useEscrowMonitor,
  useFinishEscrow,
  useGenerateCondition,
  useRefreshMyEscrows,
} from '../../hooks/useCrypto';
import { useToast } from '../../hooks/useToast';
import { formatDateTime, formatXrp, xrpAddressPattern, xrpAmountPattern } from './format';
import { MyEscrows } from './MyEscrows';
import { useCryptoTiming } from './timing';
import { useWalletSession } from './WalletSession';
import { trackEvent } from '../../api/events';

interface EscrowFormValues {
  amount: string;
  destination: string;
  releaseAfterDays: number | null;
  cancelAfterDays: number | null;
  condition?: string;
  fulfillment?: string;
}

/** Spec 9: release after 7 days, auto cancel after 30; the sample escrow is 100 XRP. */
const initialValues: EscrowFormValues = {
  amount: escrowDefaults.sampleAmountXrp,
  destination: '',
  releaseAfterDays: escrowDefaults.releaseAfterDays,
  cancelAfterDays: escrowDefaults.cancelAfterDays,
};
const { minDays, maxDays } = escrowDefaults;
const hexPattern = /^(?:[0-9A-Fa-f]{2})+$/;

/** The escrow this session created, with what the finish call will need. */
interface ActiveEscrow {
  escrow: Escrow;
  amount: string;
  fulfillment: string;
  createdAt: number;
}

type Phase =
  | { name: 'setup' }
  | { name: 'created'; active: ActiveEscrow }
  | { name: 'completed'; active: ActiveEscrow; finishHash?: string };

/** Spec 4 'XRP escrow': setup, created (waiting), completed; cancel goes back to setup. */
export function EscrowTab() {
  const [phase, setPhase] = useState<Phase>({ name: 'setup' });
  return (
    <Flex vertical gap={32}>
      {phase.name === 'setup' && <EscrowSetup onCreated={(active) => setPhase({ name: 'created', active })} />}
      {phase.name === 'created' && (
        <CreatedEscrow
          active={phase.active}
          onCompleted={(finishHash) => setPhase({ name: 'completed', active: phase.active, finishHash })}
          onCancelled={() => setPhase({ name: 'setup' })}
        />
      )}
      {phase.name === 'completed' && (
        <CompletedEscrow
          active={phase.active}
          finishHash={phase.finishHash}
          onAgain={() => setPhase({ name: 'setup' })}
        />
      )}
      <MyEscrows />
    </Flex>
  );
}

function dayRules(label: string) {
  return [
    { required: true, message: `Enter ${label} in days` },
    {
      type: 'integer' as const,
      min: minDays,
      max: maxDays,
      message: `${label} must be between ${minDays} and ${maxDays} days`,
    },
  ];
}

function EscrowSetup({ onCreated }: { onCreated: (active: ActiveEscrow) => void }) {
  const [form] = Form.useForm<EscrowFormValues>();
  const condition = Form.useWatch('condition', form)?.trim() ?? '';
  const { wallet, record } = useWalletSession();
  const create = useCreateEscrow(wallet?.address);
  const newCondition = useGenerateCondition();
  const { toast } = useToast();

  const onGenerateCondition = () =>
    newCondition.mutate(undefined, {
      onSuccess: (pair) => form.setFieldsValue({ condition: pair.condition, fulfillment: pair.fulfillment }),
      onError: () =>
        toast({
          title: 'Condition Not Generated',
          description: 'Please try again or enter a condition yourself.',
          variant: 'destructive',
        }),
    });

  const onCreate = () => {
    if (!wallet) {
      toast({ ...cryptoMessages.noWallet, variant: 'destructive' });
      return;
    }
    form.submit();
  };

  const submit = (values: EscrowFormValues) => {
    if (!wallet) return;
    const amount = values.amount.trim();
    const conditionHex = values.condition?.trim() || undefined;
    create.mutate(
      {
        senderSeed: wallet.seed,
        destinationAddress: values.destination.trim(),
        amount,
        finishAfterSeconds: daysToSeconds(values.releaseAfterDays ?? 0),
        cancelAfterSeconds: daysToSeconds(values.cancelAfterDays ?? 0),
        ...(conditionHex ? { condition: conditionHex } : {}),
      },
      {
        onSuccess: (escrow) => {
          trackEvent('escrow_created');
          record({
            type: 'escrow',
            description: `Escrow #${escrow.sequence} created`,
            amount,
            status: 'pending',
            hash: escrow.hash,
          });
          toast({
            title: 'Escrow Created',
            description: `${formatXrp(amount)} is held until it is finished or cancelled.`,
            variant: 'success',
          });
          onCreated({
            escrow,
            amount,
            fulfillment: conditionHex ? (values.fulfillment?.trim() ?? '') : '',
            createdAt: Date.now(),
          });
        },
        onError: (error) => {
          // A KYC refusal is explained under the form, with the way to verify.
          if (!isKycRequiredError(error)) toast({ ...cryptoMessages.escrowCreateFailed, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        An escrow locks XRP from your wallet on the ledger. It can be released to the destination after the release date
        and is returned to you if it is cancelled after the auto cancel date.
      </Typography.Paragraph>
      {!wallet && (
        <Alert type="info" showIcon title="Generate a wallet in the Portfolio tab before creating an escrow." />
      )}
      <Form
        noValidate
        form={form}
        name="escrow"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        disabled={create.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="amount"
              label="Amount (XRP)"
              rules={[
                { required: true, whitespace: true, message: 'Enter an amount' },
                {
                  validator: async (_rule, value?: string) => {
                    const text = value?.trim() ?? '';
                    if (text && !(xrpAmountPattern.test(text) && Number(text) > 0)) {
                      throw new Error('Enter an XRP amount above 0 with at most 6 decimal places');
                    }
                  },
                },
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="destination"
              label="Destination Address"
              rules={[
                { required: true, whitespace: true, message: 'Enter the destination address' },
                { pattern: xrpAddressPattern, message: 'Enter an XRP Ledger address (starts with r)' },
              ]}
            >
              <Input placeholder="r..." autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="releaseAfterDays" label="Release After (days)" rules={dayRules('Release After')}>
              <InputNumber<number> precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="cancelAfterDays"
              label="Auto Cancel After (days)"
              dependencies={['releaseAfterDays']}
              rules={[
                ...dayRules('Auto Cancel After'),
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null) => {
                    const release = getFieldValue('releaseAfterDays') as number | null;
                    if (value && release && value <= release)
                      throw new Error('Auto Cancel After must be later than Release After');
                  },
                }),
              ]}
            >
              <InputNumber<number> precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label="Condition (optional)"
              extra="A PREIMAGE-SHA-256 crypto-condition in hex. With a condition the escrow is released only with its fulfillment."
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="condition"
                  noStyle
                  rules={[{ pattern: hexPattern, message: 'The condition must be hexadecimal' }]}
                >
                  <Input aria-label="Condition (optional)" autoComplete="off" spellCheck={false} />
                </Form.Item>
                <Button onClick={onGenerateCondition} loading={newCondition.isPending}>
                  Generate
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          {condition && (
            <Col xs={24}>
              <Form.Item
                name="fulfillment"
                label="Fulfillment"
                extra="The secret that releases the escrow. It is not stored anywhere: save it, or give it to whoever should release the funds."
                rules={[{ pattern: hexPattern, message: 'The fulfillment must be hexadecimal' }]}
              >
                <Input.Password autoComplete="off" spellCheck={false} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Button type="primary" onClick={onCreate} loading={create.isPending}>
          {create.isPending ? 'Creating Escrow...' : 'Create Escrow'}
        </Button>
      </Form>
      <KycRequiredAlert error={create.error} />
    </Flex>
  );
}

interface CreatedEscrowProps {
  active: ActiveEscrow;
  onCompleted: (finishHash?: string) => void;
  onCancelled: () => void;
}

function CreatedEscrow({ active, onCompleted, onCancelled }: CreatedEscrowProps) {
  const { escrow } = active;
  const { wallet, record } = useWalletSession();
  const timing = useCryptoTiming();
  const finish = useFinishEscrow(wallet?.address);
  const cancel = useCancelEscrow(wallet?.address);
  const { toast } = useToast();
  const [fulfillment, setFulfillment] = useState(active.fulfillment);
  const monitor = useEscrowMonitor(escrow.account, true, {
    pollMs: timing.escrowPollMs,
    limitMs: timing.escrowPollLimitMs,
    since: active.createdAt,
  });

  // Spec 4: the escrow is completed once it is gone from the owner's list on the ledger.
  const gone =
    monitor.data !== undefined &&
    monitor.dataUpdatedAt >= active.createdAt &&
    !monitor.data.escrows.some((entry) => entry.sequence === escrow.sequence);
  const refreshMine = useRefreshMyEscrows();
  useEffect(() => {
    if (!gone) return;
    void refreshMine();
    onCompleted();
  }, [gone, onCompleted, refreshMine]);

  const busy = finish.isPending || cancel.isPending;
  const waiting = Date.now() < new Date(escrow.finishAfterIso).getTime();

  const onFinish = () => {
    if (!wallet) return;
    finish.mutate(
      {
        senderSeed: wallet.seed,
        owner: escrow.account,
        offerSequence: escrow.sequence,
        ...(escrow.condition ? { condition: escrow.condition, fulfillment: fulfillment.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          trackEvent('escrow_finished');
          record({
            type: 'escrow',
            description: `Escrow #${escrow.sequence} finished`,
            amount: active.amount,
            status: 'confirmed',
            hash: result.hash,
          });
          toast({
            title: 'Escrow Finished',
            description: `${formatXrp(active.amount)} was released to ${escrow.destination}.`,
            variant: 'success',
          });
          onCompleted(result.hash);
        },
        onError: () => toast({ ...cryptoMessages.escrowFinishFailed, variant: 'destructive' }),
      },
    );
  };

  const onCancel = () => {
    if (!wallet) return;
    cancel.mutate(
      { senderSeed: wallet.seed, owner: escrow.account, offerSequence: escrow.sequence },
      {
        onSuccess: (result) => {
          trackEvent('escrow_cancelled');
          record({
            type: 'escrow',
            description: `Escrow #${escrow.sequence} cancelled`,
            amount: active.amount,
            status: 'confirmed',
            hash: result.hash,
          });
          toast({
            title: 'Escrow Cancelled',
            description: `${formatXrp(active.amount)} was returned to your wallet.`,
            variant: 'success',
          });
          onCancelled();
        },
        onError: () => toast({ ...cryptoMessages.escrowCancelFailed, variant: 'destructive' }),
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          Escrow Created
        </Typography.Title>
        <Tag color={waiting ? 'cyan' : 'success'} data-testid="escrow-state">
          {waiting ? 'Waiting for release date' : 'Ready to finish'}
        </Tag>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'amount', label: 'Amount', children: formatXrp(active.amount) },
          { key: 'destination', label: 'Destination', children: escrow.destination },
          { key: 'sequence', label: 'Sequence', children: escrow.sequence },
          {
            key: 'hash',
            label: 'Transaction hash',
            children: (
              <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                {escrow.hash}
              </Typography.Text>
            ),
          },
          { key: 'finishAfter', label: 'Release after', children: formatDateTime(escrow.finishAfterIso) },
          { key: 'cancelAfter', label: 'Auto cancel after', children: formatDateTime(escrow.cancelAfterIso) },
          ...(escrow.condition
            ? [
                {
                  key: 'condition',
                  label: 'Condition',
                  children: (
                    <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                      {escrow.condition}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />
      {escrow.condition && (
        <Form layout="vertical">
          <Form.Item label="Fulfillment" htmlFor="escrow-fulfillment" extra="Sent only with the finish call.">
            <Input.Password
              id="escrow-fulfillment"
              value={fulfillment}
              onChange={(event) => setFulfillment(event.target.value)}
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      )}
      <Typography.Text type="secondary">
        {monitor.windowOver
          ? 'We stopped watching the ledger after 24 hours.'
          : 'We check the ledger every 30 seconds and mark the escrow completed once it is no longer there. It can be finished from the release date and cancelled from the auto cancel date.'}
      </Typography.Text>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={onFinish} loading={finish.isPending} disabled={busy}>
          Finish Escrow
        </Button>
        <Button onClick={onCancel} loading={cancel.isPending} disabled={busy}>
          Cancel Escrow
        </Button>
      </Flex>
    </Flex>
  );
}

function CompletedEscrow({
  active,
  finishHash,
  onAgain,
}: {
  active: ActiveEscrow;
  finishHash?: string;
  onAgain: () => void;
}) {
  return (
    <Result
      status="success"
      title="Escrow Completed"
      subTitle={
        finishHash
          ? `${formatXrp(active.amount)} was released to ${active.escrow.destination}. Transaction ${finishHash}.`
          : `Escrow #${active.escrow.sequence} is no longer on the ledger: it was finished or cancelled.`
      }
      extra={<Button onClick={onAgain}>Create Another Escrow</Button>}
    />
  );
}
