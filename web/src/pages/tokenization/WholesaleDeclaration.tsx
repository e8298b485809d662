import {
  certifierProfessions,
  wholesaleBases,
  wholesaleDeclarationRequestSchema,
  wholesaleMessages,
  type WholesaleBasis,
  type WholesaleDeclarationRequest,
  type WholesaleDeclarationView,
} from '@app/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Select, Skeleton, Tag, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useSaveWholesaleDeclaration, useWholesaleDeclaration } from '../../hooks/useTokenization';
import { useToast } from '../../hooks/useToast';
import { formatDay } from '../../lib/format';
import { zodRule } from '../../lib/zodRule';
import { LoadFailed } from '../dashboard/LoadFailed';
import { showServerFieldErrors } from '../integrations/serverFieldErrors';

const fields = wholesaleDeclarationRequestSchema.shape;
const fieldNames = Object.keys(fields);

type Profession = keyof typeof certifierProfessions;

interface DeclarationValues {
  basis?: WholesaleBasis;
  certifierName: string;
  certifierProfession?: Profession;
  signedOn: string;
  acknowledged: boolean;
}

const basisOptions = (Object.keys(wholesaleBases) as WholesaleBasis[]).map((basis) => ({
  value: basis,
  label: wholesaleBases[basis],
}));
const professionOptions = (Object.keys(certifierProfessions) as Profession[]).map((profession) => ({
  value: profession,
  label: certifierProfessions[profession],
}));

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Spec 6: investment is for wholesale investors (Financial Markets Conduct Act 2013). Shows the
 * valid declaration, or the form to make (or renew) one.
 */
export function WholesaleDeclaration() {
  const declaration = useWholesaleDeclaration();

  let body;
  if (declaration.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (declaration.isError)
    body = (
      <LoadFailed
        what="Your wholesale investor declaration"
        onRetry={() => void declaration.refetch()}
        retrying={declaration.isFetching}
      />
    );
  else if (declaration.data?.valid) body = <ValidDeclaration declaration={declaration.data} />;
  else body = <DeclarationForm expired={declaration.data !== null} />;

  return (
    <section aria-labelledby="wholesale-heading">
      <Typography.Title level={3} id="wholesale-heading" style={{ fontSize: 16 }}>
        Wholesale investor status
      </Typography.Title>
      {body}
    </section>
  );
}

function ValidDeclaration({ declaration }: { declaration: WholesaleDeclarationView }) {
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <Tag color="success">Wholesale investor</Tag>
        <Typography.Text>{wholesaleBases[declaration.basis]}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary">
        Confirmed by {declaration.certifierName} ({certifierProfessions[declaration.certifierProfession]}) on{' '}
        {formatDay(declaration.signedOn)}; valid until {formatDay(declaration.expiresOn)}.
      </Typography.Text>
    </Flex>
  );
}

function DeclarationForm({ expired }: { expired: boolean }) {
  const [form] = Form.useForm<DeclarationValues>();
  const save = useSaveWholesaleDeclaration();
  const { toast } = useToast();

  const send = (values: DeclarationValues) => {
    const parsed = wholesaleDeclarationRequestSchema.safeParse(values);
    if (!parsed.success) return; // the fields' own rules already show why
    const request: WholesaleDeclarationRequest = parsed.data;
    save.mutate(request, {
      onError: (error) => {
        showServerFieldErrors(form, error, fieldNames);
        toast({
          title: 'Declaration Not Saved',
          description:
            (error instanceof ApiError && error.serverMessage) ||
            'Your declaration could not be saved. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={expired ? wholesaleMessages.expired : wholesaleMessages.required} />
      <Form<DeclarationValues>
        form={form}
        name="wholesale-declaration"
        layout="vertical"
        initialValues={{ certifierName: '', signedOn: '', acknowledged: false }}
        onFinish={send}
        disabled={save.isPending}
        noValidate
      >
        <Form.Item
          label="Wholesale investor basis"
          name="basis"
          required
          rules={[{ required: true, message: 'Choose the basis of your wholesale status.' }]}
        >
          <Select options={basisOptions} placeholder="Choose a basis" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            label="Certificate confirmed by"
            name="certifierName"
            required
            rules={[zodRule(fields.certifierName)]}
            style={{ flex: '1 1 220px' }}
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Their profession"
            name="certifierProfession"
            required
            rules={[{ required: true, message: 'Choose their profession.' }]}
            style={{ flex: '1 1 180px' }}
          >
            <Select options={professionOptions} placeholder="Choose a profession" />
          </Form.Item>
          <Form.Item
            label="Certificate signed on"
            name="signedOn"
            required
            rules={[zodRule(fields.signedOn)]}
            style={{ flex: '1 1 160px' }}
          >
            <Input type="date" max={today()} />
          </Form.Item>
        </Flex>
        <Form.Item name="acknowledged" valuePropName="checked" rules={[zodRule(fields.acknowledged)]}>
          <Checkbox>
            I declare that I am a wholesale investor as defined by the Financial Markets Conduct Act 2013 and that the
            details above are true.
          </Checkbox>
        </Form.Item>
        <Button htmlType="submit" loading={save.isPending}>
          Save Declaration
        </Button>
      </Form>
    </Flex>
  );
}
