import { Alert, Card } from 'antd';

/** Spec 2 names this block; the reports service does not exist yet, so it says so instead of showing samples. */
export function ReportsNotice() {
  return (
    <Card title="Business Intelligence Reports & AI Analysis" style={{ height: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="Reports are not available yet"
        description="Generated reports and AI analysis are coming soon. Until then, Export Report downloads the figures on this dashboard as a CSV file."
      />
    </Card>
  );
}
