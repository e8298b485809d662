import {
  contractConfigSchema,
  contractDefaults,
  estimateDeploymentCost,
  tokenBlockchains,
  tokenizationMessages,
  type PropertyView,
  type TokenBlockchain,
  type TokenContractView,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useDeployContract, useTokenChains } from '../../hooks/useTokenization';
import { useToast } from '../../hooks/useToast';
import { formatDateTime } from '../../lib/format';
import { zodRule } from '../../lib/zodRule';
import { showServerFieldErrors } from '../integrations/serverFieldErrors';
import { Blockers } from './ComplianceStep';
import { blockchainLabels, contractStatusLabels, noAlgorandAdapter } from './labels';
import { defaultTokenName, nativeUnits } from './workflow';

const fields = contractConfigSchema.shape;

interface ContractValues {
  tokenName: string;
  tokenSymbol: string;
  totalSupply: number | null;
  decimals: number | null;
  lockupPeriod: number | null;
  transferRestrictions: boolean;
  dividendDistribution: boolean;
  governance: boolean;
  complianceOracle: string;
  blockchain: TokenBlockchain;
  gasLimit: number | null;
}

const fieldNames = Object.keys(fields);

/** Algorand is shown, but the platform cannot deploy there (the server refuses it too). */
const blockchainOptions = tokenBlockchains.map((chain) => ({
  value: chain,
  label: chain === 'algorand' ? `${blockchainLabels[chain]} (${noAlgorandAdapter})` : blockchainLabels[chain],
  disabled: chain === 'algorand',
}));

/** Spec 9's defaults, the token named after the address and sized as submitted; a failed attempt's own values. */
function initialValues(property: PropertyView): ContractValues {
  const previous = property.contract?.config;
  return {
    tokenName: previous?.tokenName ?? defaultTokenName(property.address),
    tokenSymbol: previous?.tokenSymbol ?? contractDefaults.tokenSymbol,
    totalSupply: previous?.totalSupply ?? property.tokenSupply,
    decimals: previous?.decimals ?? contractDefaults.decimals,
    // The submission's lock-up: what the minted tokens are frozen for on chain.
    lockupPeriod: property.lockupPeriod,
    transferRestrictions: previous?.transferRestrictions ?? contractDefaults.transferRestrictions,
    dividendDistribution: previous?.dividendDistribution ?? contractDefaults.dividendDistribution,
    governance: previous?.governance ?? contractDefaults.governance,
    complianceOracle: previous?.complianceOracle ?? contractDefaults.complianceOracle,
    blockchain: previous?.blockchain ?? 'polygon',
    gasLimit: previous?.gasLimit ?? contractDefaults.gasLimit,
  };
}

const formatAmount = (amount: number, unit: string) =>
  `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} ${unit}`;

/** Wei per gas as gwei, up to 2 decimals. */
const gweiOf = (wei: string) => (Number(BigInt(wei) / 10_000_000n) / 100).toLocaleString('en-US');

/** What each option does with the token (issue 39: every option explained). */
const hints = {
  lockupPeriod:
    "From the property's submission: each investor's tokens are frozen on chain for this many days after they are minted.",
  gasLimit:
    'The most gas each deployment transaction may use, sent to the chain as its gas limit. A token suite takes about 3.7 million; if the chain estimates more than the limit, the deployment stops before anything is spent.',
  complianceOracle:
    "Who decides which wallets may hold the token. By default the platform's identity registry: only wallets of KYC-verified wholesale investors are registered there.",
  transferRestrictions:
    'On: holders cannot transfer tokens to each other; only the platform mints and moves them. Off: a holder may transfer to another registered investor.',
  dividendDistribution:
    "Recorded with the token for the property's income: distributions are paid to holders off chain, the contract holds no dividend logic.",
  governance: 'Recorded with the token: holders get no on-chain voting rights from this contract.',
} as const;

interface ContractStepProps {
  property: PropertyView;
  onContinue: () => void;
}

/** Step 3: the token's configuration and cost estimate, then the server's deployment, followed live. */
export function ContractStep({ property, onContinue }: ContractStepProps) {
  const contract = property.contract;
  useDeploymentFailureToast(contract?.status);

  if (contract?.status === 'queued' || contract?.status === 'deploying') {
    return (
      <Card title="Smart Contract">
        <Flex vertical gap={16}>
          <Flex align="center" gap={12} role="status">
            <Spin />
            <Typography.Text>{contractStatusLabels[contract.status]}...</Typography.Text>
          </Flex>
          <ConfigSummary contract={contract} />
        </Flex>
      </Card>
    );
  }

  if (contract?.status === 'deployed') {
    return (
      <Card title="Smart Contract">
        <Flex vertical gap={16}>
          <Alert type="success" showIcon title="Token contract deployed" />
          <DeploymentResult contract={contract} />
          <Flex justify="flex-end">
            <Button type="primary" onClick={onContinue}>
              Continue to Investment Portal
            </Button>
          </Flex>
        </Flex>
      </Card>
    );
  }

  return (
    <Card title="Smart Contract">
      <Flex vertical gap={16}>
        {contract?.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={tokenizationMessages.deploymentFailedTitle}
            description={
              <Flex vertical gap={4}>
                <span>{tokenizationMessages.deploymentFailed}</span>
                {contract.error && <Typography.Text type="secondary">{contract.error}</Typography.Text>}
              </Flex>
            }
          />
        )}
        <ContractForm property={property} />
      </Flex>
    </Card>
  );
}

/** One toast when a deployment followed here ends in failure (not for a failure found on reload). */
function useDeploymentFailureToast(status: TokenContractView['status'] | undefined) {
  const { toast } = useToast();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'failed' && (was === 'queued' || was === 'deploying')) {
      toast({
        title: tokenizationMessages.deploymentFailedTitle,
        description: tokenizationMessages.deploymentFailed,
        variant: 'destructive',
      });
    }
  }, [status, toast]);
}

function ContractForm({ property }: { property: PropertyView }) {
  const [form] = Form.useForm<ContractValues>();
  const [initial] = useState(() => initialValues(property));
  const [refusal, setRefusal] = useState<string>();
  const deploy = useDeployContract();
  const { toast } = useToast();
  const blockchain = Form.useWatch('blockchain', form) ?? initial.blockchain;
  const gasLimit = Form.useWatch('gasLimit', form) ?? initial.gasLimit;
  const chains = useTokenChains();
  const chain = chains.data?.chains.find((candidate) => candidate.blockchain === blockchain);
  const estimate = estimateDeploymentCost(blockchain, gasLimit ?? 0, chain?.gasPriceWei ?? null);

  const send = (values: ContractValues) => {
    // The lock-up is the submission's (shown, not sent: the server applies it).
    const parsed = contractConfigSchema.safeParse({ ...values, lockupPeriod: undefined });
    if (!parsed.success) return; // the fields' own rules already show why
    setRefusal(undefined);
    deploy.mutate(
      { id: property.id, config: parsed.data },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setRefusal(error.serverMessage ?? error.message);
            return;
          }
          showServerFieldErrors(form, error, fieldNames);
          toast({
            title: tokenizationMessages.deploymentFailedTitle,
            description: (error instanceof ApiError && error.serverMessage) || tokenizationMessages.deploymentFailed,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Form<ContractValues>
      form={form}
      name="contract-config"
      layout="vertical"
      initialValues={initial}
      onFinish={send}
      disabled={deploy.isPending}
      noValidate
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Token Name" name="tokenName" required rules={[zodRule(fields.tokenName)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Token Symbol" name="tokenSymbol" required rules={[zodRule(fields.tokenSymbol)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Decimals" name="decimals" required rules={[zodRule(fields.decimals)]}>
            <InputNumber<number> precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="Total Supply" name="totalSupply" required rules={[zodRule(fields.totalSupply)]}>
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Lockup Period (days)" name="lockupPeriod" extra={hints.lockupPeriod}>
            <InputNumber<number> disabled precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Gas Limit"
            name="gasLimit"
            required
            rules={[zodRule(fields.gasLimit)]}
            extra={hints.gasLimit}
          >
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Blockchain" name="blockchain" required rules={[zodRule(fields.blockchain)]}>
            <Select options={blockchainOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Compliance Oracle"
            name="complianceOracle"
            rules={[zodRule(fields.complianceOracle)]}
            extra={hints.complianceOracle}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="transferRestrictions" valuePropName="checked" extra={hints.transferRestrictions}>
            <Checkbox>Transfer restrictions</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="dividendDistribution" valuePropName="checked" extra={hints.dividendDistribution}>
            <Checkbox>Dividend distribution</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="governance" valuePropName="checked" extra={hints.governance}>
            <Checkbox>Governance</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph data-testid="deployment-estimate">
        {estimate && chain ? (
          <>
            Estimated deployment cost:{' '}
            <Typography.Text strong>{formatAmount(estimate.amount, estimate.unit)}</Typography.Text> (at most{' '}
            {formatAmount(estimate.maximum, estimate.unit)} at the gas limit; gas price now {gweiOf(chain.gasPriceWei!)}{' '}
            gwei)
          </>
        ) : blockchain === 'algorand' ? (
          'Estimated deployment cost: not available (no Algorand adapter).'
        ) : chains.isPending ? (
          "Estimated deployment cost: reading the chain's gas price..."
        ) : (
          `Estimated deployment cost: not available: ${blockchainLabels[blockchain]} does not answer right now.`
        )}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      {property.deploymentBlockers.length > 0 && (
        <div style={{ marginBottom: 16 }}>
          <Blockers blockers={property.deploymentBlockers} />
        </div>
      )}
      <Flex justify="flex-end">
        <Button
          type="primary"
          htmlType="submit"
          loading={deploy.isPending}
          disabled={property.deploymentBlockers.length > 0}
        >
          Deploy Contract
        </Button>
      </Flex>
    </Form>
  );
}

function ConfigSummary({ contract }: { contract: TokenContractView }) {
  const { config } = contract;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: 'Token', children: `${config.tokenName} (${config.tokenSymbol})` },
        { key: 'supply', label: 'Total supply', children: config.totalSupply.toLocaleString('en-US') },
        { key: 'chain', label: 'Blockchain', children: blockchainLabels[config.blockchain] },
        { key: 'gas', label: 'Gas limit', children: config.gasLimit.toLocaleString('en-US') },
      ]}
    />
  );
}

function DeploymentResult({ contract }: { contract: TokenContractView }) {
  const unit = nativeUnits[contract.config.blockchain];
  const mono = (value: string | null) =>
    value ? (
      <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography.Text>
    ) : (
      '—'
    );
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'address', label: 'Contract address', children: mono(contract.contractAddress) },
        { key: 'tx', label: 'Transaction hash', children: mono(contract.transactionHash) },
        {
          key: 'gas',
          label: 'Gas used',
          children: contract.gasUsed ? Number(contract.gasUsed).toLocaleString('en-US') : '—',
        },
        {
          key: 'cost',
          label: 'Deployment cost',
          children: contract.deploymentCost ? `${contract.deploymentCost} ${unit}` : '—',
        },
        { key: 'chain', label: 'Blockchain', children: blockchainLabels[contract.config.blockchain] },
        { key: 'registry', label: 'Identity registry', children: mono(contract.identityRegistryAddress) },
        { key: 'compliance', label: 'Compliance contract', children: mono(contract.complianceAddress) },
        { key: 'at', label: 'Deployed', children: formatDateTime(contract.deployedAt) },
      ]}
    />
  );
}
