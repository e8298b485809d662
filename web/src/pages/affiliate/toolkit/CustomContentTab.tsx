import { affiliateMessages, contentTypes, type ContentType } from '@app/contracts';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useGenerateCustomContent } from '../../../hooks/useAffiliate';
import { useToast } from '../../../hooks/useToast';
import { CopyableCard, preWrap } from './CopyableCard';
import { generationFailed } from './generationFailed';
import { GenerationProgress } from './GenerationProgress';

/** Spec 5.7: content needs one of the six content types. */
export function CustomContentTab() {
  const [contentType, setContentType] = useState<ContentType>();
  const [additionalContext, setAdditionalContext] = useState('');
  const generate = useGenerateCustomContent();
  const { toast } = useToast();

  const submit = () => {
    if (!contentType) return;
    generate.mutate(
      { contentType, additionalContext: additionalContext.trim() || undefined },
      { onError: () => toast(generationFailed(affiliateMessages.customContentFailed)) },
    );
  };
  const typeLabel = contentTypes.find((type) => type.value === generate.variables?.contentType)?.label;

  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="Content Type" htmlFor="toolkit-content-type">
          <Select
            id="toolkit-content-type"
            placeholder="Select a content type"
            value={contentType}
            onChange={setContentType}
            options={contentTypes.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="Additional Context" htmlFor="toolkit-additional-context">
          <Input.TextArea
            id="toolkit-additional-context"
            rows={3}
            maxLength={2000}
            placeholder="Optional: the reader, the product angle, a customer story..."
            value={additionalContext}
            onChange={(event) => setAdditionalContext(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!contentType} loading={generate.isPending}>
          Generate Content
        </Button>
      </Form>
      {generate.isPending && <GenerationProgress what="your content" />}
      {generate.data && !generate.isPending && (
        <CopyableCard title={typeLabel ?? 'Generated content'} copyText={generate.data.content}>
          <Typography.Paragraph style={{ ...preWrap, marginBottom: 0 }} data-testid="custom-content">
            {generate.data.content}
          </Typography.Paragraph>
        </CopyableCard>
      )}
    </Flex>
  );
}
