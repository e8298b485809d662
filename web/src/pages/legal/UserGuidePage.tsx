import { userGuideTabs } from '@app/contracts';
import { Tabs } from 'antd';
import { HelpBlocks } from './HelpBlocks';
import { LegalPage } from './LegalPage';

/**
 * Spec 2.12: the User Guide, in four tabs. The text is the help content in @app/contracts, which
 * the chat assistant answers from too.
 */
export function UserGuidePage() {
  return (
    <LegalPage
      title="User Guide"
      summary={<p>How to open an account, connect your payment channels, stay compliant and use advanced features.</p>}
    >
      <Tabs
        style={{ marginTop: 24 }}
        size="large"
        items={userGuideTabs.map((tab) => ({
          key: tab.id,
          label: tab.title,
          children: tab.sections.map((section) => (
            <section key={section.id} aria-labelledby={`${tab.id}-${section.id}`}>
              <h2 id={`${tab.id}-${section.id}`}>{section.heading}</h2>
              <HelpBlocks blocks={section.blocks} />
            </section>
          )),
        }))}
      />
    </LegalPage>
  );
}
