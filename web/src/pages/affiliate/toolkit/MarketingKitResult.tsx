import type { MarketingAssets } from '@app/contracts';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CopyableCard, preWrap } from './CopyableCard';

const platforms = [
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'twitter', label: 'Twitter / X' },
  { key: 'facebook', label: 'Facebook' },
] as const;

const bullets = (items: readonly string[]) => items.map((item) => `• ${item}`).join('\n');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        {title}
      </Typography.Title>
      <Flex vertical gap={12}>
        {children}
      </Flex>
    </section>
  );
}

function List({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Spec 3.6: e-mail templates, social posts per platform, landing page copy and the sales pitch. */
export function MarketingKitResult({ assets }: { assets: MarketingAssets }) {
  const { landingPageCopy: landing, salesPitch: pitch } = assets;
  return (
    <Flex vertical gap={24} data-testid="marketing-kit">
      <Section title="Email Templates">
        {assets.emailTemplates.map((template) => (
          <CopyableCard
            key={template.name}
            title={template.name}
            copyText={`Subject: ${template.subject}\n\n${template.body}`}
          >
            <Typography.Paragraph strong>Subject: {template.subject}</Typography.Paragraph>
            <Typography.Paragraph style={{ ...preWrap, marginBottom: 0 }}>{template.body}</Typography.Paragraph>
          </CopyableCard>
        ))}
      </Section>

      <Section title="Social Media">
        {platforms.map(({ key, label }) =>
          assets.socialMedia[key].map((post, index) => (
            <CopyableCard key={`${key}-${index}`} title={`${label} post ${index + 1}`} copyText={post}>
              <Typography.Paragraph style={{ ...preWrap, marginBottom: 0 }}>{post}</Typography.Paragraph>
            </CopyableCard>
          )),
        )}
      </Section>

      <Section title="Landing Page Copy">
        <CopyableCard
          title="Landing page"
          copyText={[landing.headline, landing.subheadline, bullets(landing.benefits), landing.callToAction].join(
            '\n\n',
          )}
        >
          <Typography.Title level={4}>{landing.headline}</Typography.Title>
          <Typography.Paragraph>{landing.subheadline}</Typography.Paragraph>
          <List items={landing.benefits} />
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 0 }}>
            {landing.callToAction}
          </Typography.Paragraph>
        </CopyableCard>
      </Section>

      <Section title="Sales Pitch">
        <CopyableCard title="Elevator pitch" copyText={pitch.elevatorPitch}>
          <Typography.Paragraph style={{ ...preWrap, marginBottom: 0 }}>{pitch.elevatorPitch}</Typography.Paragraph>
        </CopyableCard>
        <CopyableCard title="Key points" copyText={bullets(pitch.keyPoints)}>
          <List items={pitch.keyPoints} />
        </CopyableCard>
        <CopyableCard
          title="Objection handling"
          copyText={pitch.objectionHandling.map((item) => `${item.objection}\n${item.response}`).join('\n\n')}
        >
          <Flex vertical gap={8}>
            {pitch.objectionHandling.map((item) => (
              <div key={item.objection}>
                <Typography.Text strong>{item.objection}</Typography.Text>
                <Typography.Paragraph style={{ marginBottom: 0 }}>{item.response}</Typography.Paragraph>
              </div>
            ))}
          </Flex>
        </CopyableCard>
      </Section>
    </Flex>
  );
}
