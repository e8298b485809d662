import type { CurrentUser } from '@app/contracts';
import { Button, Flex, Result } from 'antd';
import { Navigate, Outlet, useLocation, useOutletContext } from 'react-router';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useEmailNotVerifiedWatch } from '../hooks/useEmailNotVerifiedWatch';
import { loginPathFor } from '../lib/nextPath';
import { AppShell } from './shell/AppShell';
import { PageSpinner } from './PageSpinner';
import { VerificationGate } from './VerificationGate';

interface GuardedRouteProps {
  /** Switch off the verified-email requirement for the pages under this route. */
  requireVerifiedEmail?: boolean;
}

interface GuardedContext {
  user: CurrentUser;
}

/**
 * Spec 2.1: spinner while the session is checked, signed-out visitors go to sign in and then back
 * to the page they asked for (issue 39; the spec sent them to /), unverified users see the
 * verification gate, everyone else the page.
 */
export function GuardedRoute({ requireVerifiedEmail = true }: GuardedRouteProps) {
  const { data: user, isPending, isError, error, refetch, isFetching } = useCurrentUser();
  const location = useLocation();
  useEmailNotVerifiedWatch();

  if (isPending) return <PageSpinner label="Checking your session" />;
  // A failed background re-check keeps the page (and what the user was doing on it): only a
  // session that could never be read shows the error.
  if (isError && user === undefined) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Result
          status="error"
          title={error.message}
          extra={
            <Button type="primary" loading={isFetching} onClick={() => void refetch()}>
              Try Again
            </Button>
          }
        />
      </Flex>
    );
  }
  if (!user) return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (requireVerifiedEmail && !user.emailVerified) return <VerificationGate user={user} />;

  return (
    <AppShell user={user}>
      <Outlet context={{ user } satisfies GuardedContext} />
    </AppShell>
  );
}

/** The signed-in user, for pages rendered under a GuardedRoute. */
export function useSignedInUser(): CurrentUser {
  return useOutletContext<GuardedContext>().user;
}
