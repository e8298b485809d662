import {
  businessProfileFields,
  registrationProfileFields,
  userProfileFields,
  type UserProfile,
  type UserProfileField,
} from '@app/contracts';
import { Button, Flex, Form, Result, Spin, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useProfile, useUpdateProfile } from '../../hooks/useProfile';
import { useToast } from '../../hooks/useToast';
import { BillingTab } from './BillingTab';
import { DeveloperApiTab } from './DeveloperApiTab';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';
import { BusinessDetailsFields, PersonalDetailsFields } from './ProfileFields';
import { VerificationTab } from './VerificationTab';

const tabKeys = ['personal', 'business', 'api', 'billing', 'verification', 'notifications'] as const;
type TabKey = (typeof tabKeys)[number];
const isTabKey = (key: string | null): key is TabKey => (tabKeys as readonly (string | null)[]).includes(key);

/** The open tab lives in the URL (?tab=verification), so links and the providers' returns open it. */
function useTabParam(): [TabKey, (tab: TabKey) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const setTab = (tab: TabKey) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', tab);
        // The provider's return marker belongs to the visit it came with.
        next.delete('kyc');
        return next;
      },
      { replace: true },
    );
  return [isTabKey(requested) ? requested : 'personal', setTab];
}

const tabOfField = (field: string): TabKey =>
  ([...businessProfileFields, ...registrationProfileFields] as readonly string[]).includes(field)
    ? 'business'
    : 'personal';

/** Every field: the text ones with blanks as empty strings (spec 5.4), GST registration yes or no. */
function toProfile(values: Partial<Record<UserProfileField, unknown>>): UserProfile {
  return Object.fromEntries(
    userProfileFields.map((field) => {
      const value = values[field];
      if (field === 'gstRegistered') return [field, value === true];
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as UserProfile;
}

function SettingsHeader() {
  return (
    <div>
      <Typography.Title level={1} style={{ marginBottom: 4 }}>
        Settings
      </Typography.Title>
      <Typography.Text type="secondary">
        Manage your profile, API access, billing and identity verification.
      </Typography.Text>
    </div>
  );
}

export function SettingsPage() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <Flex vertical gap={24}>
        <SettingsHeader />
        <Flex align="center" gap={12} role="status">
          <Spin />
          <Typography.Text>Loading profile...</Typography.Text>
        </Flex>
      </Flex>
    );
  }

  if (profile.isError) {
    return (
      <Flex vertical gap={24}>
        <SettingsHeader />
        <Result
          status="error"
          title="Error Loading Profile"
          subTitle="Failed to load user profile. Please refresh the page or try again later."
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          }
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={24}>
      <SettingsHeader />
      <ProfileForm profile={profile.data} />
    </Flex>
  );
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const [form] = Form.useForm<UserProfile>();
  const [activeTab, setActiveTab] = useTabParam();
  const updateProfile = useUpdateProfile();
  const { toast } = useToast();

  const save = () =>
    updateProfile.mutate(toProfile(form.getFieldsValue(true) as Partial<UserProfile>), {
      onSuccess: () =>
        toast({
          title: 'Profile Updated',
          description: 'Your profile has been successfully updated.',
          variant: 'success',
        }),
      onError: (error) => {
        const apiError = error instanceof ApiError ? error : undefined;
        toast({
          title: 'Update Failed',
          description: apiError?.serverMessage ?? 'Failed to update profile. Please try again.',
          variant: 'destructive',
        });
        const details = apiError?.details.filter((detail) =>
          (userProfileFields as readonly string[]).includes(detail.path),
        );
        if (details?.length) {
          form.setFields(
            details.map((detail) => ({ name: detail.path as UserProfileField, errors: [detail.message] })),
          );
          setActiveTab(tabOfField(details[0]?.path ?? ''));
        }
      },
    });

  // One profile form across the Personal and Business tabs; each tab's fields sit in their own
  // <form> (Enter saves), so the Verification tab's own form is never nested inside another.
  const profilePane = (tab: TabKey, fields: ReactNode) => (
    <form
      noValidate
      aria-label={tab === 'personal' ? 'Personal details' : 'Business details'}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      {fields}
      {activeTab === tab && (
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={updateProfile.isPending}>
            {updateProfile.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </Flex>
      )}
    </form>
  );

  return (
    <Form
      component={false}
      form={form}
      layout="vertical"
      initialValues={profile}
      onFinish={save}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.name[0];
        if (typeof first === 'string') setActiveTab(tabOfField(first));
      }}
    >
      <Tabs
        activeKey={activeTab}
        onChange={(key) => setActiveTab(key as TabKey)}
        items={[
          // Both profile tabs are rendered from the start: a save sends every field, and the server's
          // message for a field on the tab not yet opened must have its field to land on.
          {
            key: 'personal',
            label: 'Personal Details',
            forceRender: true,
            children: profilePane('personal', <PersonalDetailsFields />),
          },
          {
            key: 'business',
            label: 'Business Details',
            forceRender: true,
            children: profilePane('business', <BusinessDetailsFields />),
          },
          { key: 'api', label: 'Developer API', children: <DeveloperApiTab /> },
          { key: 'billing', label: 'Billing', children: <BillingTab /> },
          {
            key: 'verification',
            label: 'Verification',
            children: (
              <VerificationTab
                businessCountry={profile.businessCountry}
                numbers={{
                  nzbn: profile.nzbn,
                  businessNumber: profile.companyRegistrationNumber,
                  taxNumber: profile.taxId,
                }}
              />
            ),
          },
          { key: 'notifications', label: 'Notifications', children: <NotificationPreferencesCard /> },
        ]}
      />
    </Form>
  );
}
