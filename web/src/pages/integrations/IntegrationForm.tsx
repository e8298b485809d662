import { integrationMessages } from '@app/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Row } from 'antd';
import type { ReactNode } from 'react';
import { useToast } from '../../hooks/useToast';
import { showServerFieldErrors } from './serverFieldErrors';
import { trackEvent } from '../../api/events';

interface IntegrationFormProps<Values, Request, Created> {
  /** The form's name: antd prefixes the field ids with it. */
  name: string;
  title: string;
  submitLabel: string;
  initialValues: Partial<Values>;
  /** The field names the server may reject, to mark them under their inputs. */
  fields: readonly string[];
  create: UseMutationResult<Created, Error, Request>;
  toRequest: (values: Values) => Request;
  /** Spec 8's toasts: the title on success, a description of the new entry, the failure text. */
  addedTitle: string;
  addedDescription: (created: Created) => string;
  failedDescription: string;
  onCreated: (created: Created) => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The inline "add" form of both integration tabs. Spec 5: no required-field checks here; the
 * server validates, the failure toast explains and the rejected fields are marked.
 */
export function IntegrationForm<Values, Request, Created>({
  name,
  title,
  submitLabel,
  initialValues,
  fields,
  create,
  toRequest,
  addedTitle,
  addedDescription,
  failedDescription,
  onCreated,
  onCancel,
  children,
}: IntegrationFormProps<Values, Request, Created>) {
  const [form] = Form.useForm<Values>();
  const { toast } = useToast();

  const submit = (values: Values) =>
    create.mutate(toRequest(values), {
      onSuccess: (created) => {
        trackEvent('integration_added', { kind: name });
        toast({ title: addedTitle, description: addedDescription(created), variant: 'success' });
        onCreated(created);
      },
      onError: (error) => {
        toast({ title: integrationMessages.failedTitle, description: failedDescription, variant: 'destructive' });
        showServerFieldErrors(form, error, fields);
      },
    });

  return (
    <Card title={title}>
      <Form noValidate form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={submit}>
        <Row gutter={16}>{children}</Row>
        <Flex justify="flex-end" gap={12}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {create.isPending ? 'Adding...' : submitLabel}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
