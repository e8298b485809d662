import { affiliateMessages, type ValueProposition } from '@app/contracts';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useGenerateValueProposition } from '../../../hooks/useAffiliate';
import { useToast } from '../../../hooks/useToast';
import { CopyableCard } from './CopyableCard';
import { generationFailed } from './generationFailed';
import { GenerationProgress } from './GenerationProgress';

const asText = (proposition: ValueProposition) =>
  [
    proposition.headline,
    proposition.subheadline,
    proposition.keyBenefits.map((benefit) => `• ${benefit}`).join('\n'),
    proposition.testimonialSuggestion,
  ].join('\n\n');

function ValuePropositionResult({ proposition }: { proposition: ValueProposition }) {
  return (
    <CopyableCard title="Value proposition" copyText={asText(proposition)}>
      <div data-testid="value-proposition">
        <Typography.Title level={3} style={{ fontSize: 20 }}>
          {proposition.headline}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{proposition.subheadline}</Typography.Paragraph>
        <Typography.Text strong>Key benefits</Typography.Text>
        <ul style={{ paddingInlineStart: 20 }}>
          {proposition.keyBenefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <Typography.Text strong>Testimonial suggestion</Typography.Text>
        <blockquote style={{ margin: '8px 0 0', paddingInlineStart: 12, borderInlineStart: '3px solid #555' }}>
          {proposition.testimonialSuggestion}
        </blockquote>
      </div>
    </CopyableCard>
  );
}

/** Spec 5.7: the value proposition needs a target market. */
export function ValuePropositionTab() {
  const [targetMarket, setTargetMarket] = useState('');
  const generate = useGenerateValueProposition();
  const { toast } = useToast();

  const submit = () =>
    generate.mutate(
      { targetMarket: targetMarket.trim() },
      { onError: () => toast(generationFailed(affiliateMessages.valuePropositionFailed)) },
    );

  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label="Target Market"
          htmlFor="toolkit-target-market"
          extra="The market you sell into, e.g. 'Australian e-commerce brands'."
        >
          <Input
            id="toolkit-target-market"
            value={targetMarket}
            maxLength={500}
            onChange={(event) => setTargetMarket(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!targetMarket.trim()} loading={generate.isPending}>
          Generate Value Proposition
        </Button>
      </Form>
      {generate.isPending && <GenerationProgress what="your value proposition" />}
      {generate.data && !generate.isPending && <ValuePropositionResult proposition={generate.data.valueProposition} />}
    </Flex>
  );
}
