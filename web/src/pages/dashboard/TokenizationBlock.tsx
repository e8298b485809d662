import { tokenizationMessages, type TokenizationSummary } from '@app/contracts';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { useTokenizationSummary } from '../../hooks/useTokenization';
import { formatCount, formatMoney } from '../../lib/format';
import { LoadFailed } from './LoadFailed';

/** The dashboard's tokenization block: the user's properties from GET /api/tokenization/summary. */
export function TokenizationBlock() {
  const { eligibility, summary } = useTokenizationSummary();

  let body;
  if (eligibility.isPending || (eligibility.data?.isAllowed && summary.isPending)) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (eligibility.isError) {
    body = (
      <LoadFailed
        what="Your location check"
        onRetry={() => void eligibility.refetch()}
        retrying={eligibility.isFetching}
      />
    );
  } else if (!eligibility.data.isAllowed) {
    body = (
      <Typography.Text type="secondary" role="status">
        {eligibility.data.restrictionMessage ??
          (eligibility.data.country
            ? tokenizationMessages.restricted(eligibility.data.country)
            : tokenizationMessages.locationUnknown)}
      </Typography.Text>
    );
  } else if (summary.isError) {
    body = (
      <LoadFailed
        what="Your tokenized properties"
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    );
  } else if (summary.data && summary.data.properties === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No properties submitted yet">
        <ButtonLink to="/tokenization" type="primary" size="small">
          Start Tokenization
        </ButtonLink>
      </Empty>
    );
  } else if (summary.data) {
    body = <SummaryFigures summary={summary.data} />;
  }

  return (
    <Card
      title="Real Estate Tokenization"
      extra={<Link to="/tokenization-info">How it works</Link>}
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}

function SummaryFigures({ summary }: { summary: TokenizationSummary }) {
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={12}>
          <Statistic title="Tokenized properties" value={formatCount(summary.tokenized)} />
        </Col>
        <Col xs={12}>
          <Statistic title="Tokenized value" value={formatMoney(summary.tokenizedValue, 'NZD')} />
        </Col>
        <Col xs={12}>
          <Statistic title="Submitted" value={formatCount(summary.properties)} />
        </Col>
        <Col xs={12}>
          <Statistic title="In compliance review" value={formatCount(summary.inCompliance)} />
        </Col>
      </Row>
      <Link to="/tokenization">Open tokenization</Link>
    </Flex>
  );
}
