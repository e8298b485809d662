import { affiliateMessages } from '@app/contracts';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useGenerateMarketingAssets } from '../../../hooks/useAffiliate';
import { useToast } from '../../../hooks/useToast';
import { generationFailed } from './generationFailed';
import { GenerationProgress } from './GenerationProgress';
import { MarketingKitResult } from './MarketingKitResult';

/** Spec 5.7: the kit needs a target audience. */
export function MarketingKitTab() {
  const [targetAudience, setTargetAudience] = useState('');
  const generate = useGenerateMarketingAssets();
  const { toast } = useToast();

  const submit = () =>
    generate.mutate(
      { targetAudience: targetAudience.trim() },
      { onError: () => toast(generationFailed(affiliateMessages.marketingAssetsFailed)) },
    );

  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label="Target Audience"
          htmlFor="toolkit-target-audience"
          extra="Who you will share the kit with, e.g. 'independent cafés in Auckland'."
        >
          <Input
            id="toolkit-target-audience"
            value={targetAudience}
            maxLength={500}
            onChange={(event) => setTargetAudience(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!targetAudience.trim()} loading={generate.isPending}>
          Generate Marketing Kit
        </Button>
      </Form>
      {generate.isPending && <GenerationProgress what="your marketing kit" />}
      {generate.data && !generate.isPending && <MarketingKitResult assets={generate.data.assets} />}
    </Flex>
  );
}
