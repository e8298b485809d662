import { affiliateMessages } from '@app/contracts';
import { Button, Flex, Result } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { useCreateDemoAffiliate } from '../../../hooks/useAffiliate';
import { useToast } from '../../../hooks/useToast';
import { ApiError } from '../../../api/client';

/** Spec 2.11: no affiliate account yet; apply, or try the dashboard with a demo account. */
export function AffiliateNotFound() {
  const createDemo = useCreateDemoAffiliate();
  const { toast } = useToast();

  const create = () =>
    createDemo.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Demo Account Not Created',
          description:
            (error instanceof ApiError && error.serverMessage) || 'Failed to create a demo account. Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <Result
      status="info"
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>{affiliateMessages.notFoundTitle}</h1>}
      subTitle="You do not have an affiliate account yet. Apply to join the programme, or create a demo account to explore the dashboard."
      extra={
        <Flex gap={12} justify="center" wrap>
          <ButtonLink type="primary" to="/affiliate/register">
            Apply to Become an Affiliate
          </ButtonLink>
          <Button loading={createDemo.isPending} onClick={create}>
            Create Demo Account
          </Button>
        </Flex>
      }
    />
  );
}
