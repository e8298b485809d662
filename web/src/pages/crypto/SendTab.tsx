import { cryptoMessages } from '@app/contracts';
import { Alert, Button, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { isKycRequiredError } from '../../api/kyc';
import { KycRequiredAlert } from '../../components/feedback/KycRequiredAlert';
import { useSendPayment } from '../../hooks/useCrypto';
import { useToast } from '../../hooks/useToast';
import { addXrp, formatXrp, sendNetworkFeeXrp, xrpAddressPattern, xrpAmountPattern } from './format';
import { useWalletSession } from './WalletSession';
import { trackEvent } from '../../api/events';

interface SendValues {
  amount?: string;
  destination?: string;
}

/** Spec 5 'Crypto send': XRP from the session wallet, signed on the server with the in-memory seed. */
export function SendTab({ available }: { available: boolean }) {
  const [form] = Form.useForm<SendValues>();
  const amount = Form.useWatch('amount', form)?.trim() ?? '';
  const destination = Form.useWatch('destination', form)?.trim() ?? '';
  const { wallet, record } = useWalletSession();
  const send = useSendPayment(wallet?.address);
  const { toast } = useToast();
  const [sent, setSent] = useState<{ hash: string; amount: string; destination: string }>();

  const submit = (values: SendValues) => {
    const sendAmount = values.amount?.trim() ?? '';
    const to = values.destination?.trim() ?? '';
    if (!sendAmount || !to) {
      toast({ ...cryptoMessages.missingInformation, variant: 'destructive' });
      return;
    }
    if (!wallet) {
      toast({ ...cryptoMessages.noWallet, variant: 'destructive' });
      return;
    }
    setSent(undefined);
    send.mutate(
      { senderSeed: wallet.seed, destinationAddress: to, amount: sendAmount },
      {
        onSuccess: (result) => {
          trackEvent('xrp_sent');
          setSent({ hash: result.hash, amount: sendAmount, destination: to });
          record({
            type: 'send',
            description: `Sent to ${to}`,
            amount: sendAmount,
            status: 'confirmed',
            hash: result.hash,
          });
          form.resetFields();
          toast({ title: 'Payment Sent', description: `${formatXrp(sendAmount)} sent to ${to}.`, variant: 'success' });
        },
        onError: (error) => {
          record({ type: 'send', description: `Send to ${to}`, amount: sendAmount, status: 'failed' });
          // A KYC refusal is explained under the form, with the way to verify.
          if (!isKycRequiredError(error)) toast({ ...cryptoMessages.sendFailed, variant: 'destructive' });
        },
      },
    );
  };

  // With Send disabled the browser does not submit on Enter, so Enter asks for what is missing itself.
  const onPressEnter = () => {
    if (!amount || !destination) submit(form.getFieldsValue());
  };

  const validAmount = xrpAmountPattern.test(amount) && Number(amount) > 0;

  return (
    <Flex vertical gap={16}>
      {!available && (
        <Alert
          type="info"
          showIcon
          title="Sending is not available yet"
          description="The server cannot submit XRP payments yet, so the form is switched off rather than pretending to send."
        />
      )}
      {available && !wallet && (
        <Alert type="info" showIcon title="Generate a wallet in the Portfolio tab to send XRP from it." />
      )}
      <Form
        noValidate
        form={form}
        name="send"
        layout="vertical"
        onFinish={submit}
        disabled={!available || send.isPending}
      >
        <Form.Item
          name="amount"
          label="Amount (XRP)"
          rules={[
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
          <Input inputMode="decimal" placeholder="0.00" autoComplete="off" onPressEnter={onPressEnter} />
        </Form.Item>
        <Form.Item
          name="destination"
          label="Destination Address"
          rules={[
            {
              validator: async (_rule, value?: string) => {
                const text = value?.trim() ?? '';
                if (text && !xrpAddressPattern.test(text))
                  throw new Error('Enter an XRP Ledger address (starts with r)');
                if (text && text === wallet?.address) throw new Error('This is your own address');
              },
            },
          ]}
        >
          <Input placeholder="r..." autoComplete="off" spellCheck={false} onPressEnter={onPressEnter} />
        </Form.Item>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'fee', label: 'Network fee', children: `about ${formatXrp(sendNetworkFeeXrp)}` },
            {
              key: 'total',
              label: 'Total',
              children: validAmount ? formatXrp(addXrp(amount, sendNetworkFeeXrp)) : '—',
            },
          ]}
        />
        <Button
          type="primary"
          htmlType="submit"
          disabled={!available || !amount || !destination}
          loading={send.isPending}
          style={{ marginTop: 16 }}
        >
          {send.isPending ? 'Sending...' : 'Send XRP'}
        </Button>
      </Form>
      {isKycRequiredError(send.error) ? (
        <KycRequiredAlert error={send.error} />
      ) : (
        send.error instanceof ApiError &&
        send.error.serverMessage && <Alert type="error" showIcon title={send.error.serverMessage} />
      )}
      {sent && (
        <Alert
          type="success"
          showIcon
          title={`${formatXrp(sent.amount)} sent to ${sent.destination}`}
          description={
            <Typography.Text>
              Transaction <Typography.Text code>{sent.hash}</Typography.Text>
            </Typography.Text>
          }
        />
      )}
    </Flex>
  );
}
