import { Card, Flex, Progress, Steps, Typography } from 'antd';
import {
  completedStages,
  overallProgress,
  stepStatus,
  workflowSteps,
  type StepStatus,
  type WorkflowStage,
} from './workflow';

const antStatus: Record<StepStatus, 'finish' | 'process' | 'wait'> = {
  complete: 'finish',
  active: 'process',
  pending: 'wait',
};

const statusLabels: Record<StepStatus, string> = { complete: 'Complete', active: 'Active', pending: 'Pending' };

/** Spec 2 and 4: the four steps with their status, and the overall progress (completed stages out of 4). */
export function WorkflowProgress({ stage }: { stage: WorkflowStage }) {
  const done = completedStages(stage);
  return (
    <Card size="small">
      <Flex vertical gap={16}>
        <div role="group" aria-label="Tokenization steps">
          <Steps
            current={Math.min(done, workflowSteps.length - 1)}
            items={workflowSteps.map((step) => {
              const status = stepStatus(step.stage, stage);
              return { title: step.title, status: antStatus[status], content: statusLabels[status] };
            })}
          />
        </div>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {done} of {workflowSteps.length} stages complete
          </Typography.Text>
          <Progress percent={overallProgress(stage)} aria-label="Overall progress" showInfo={false} />
        </Flex>
      </Flex>
    </Card>
  );
}
