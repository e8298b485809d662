import { registrationSteps } from '@app/contracts';
import { Button, Flex, Form, Steps, Typography } from 'antd';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { useRegister } from '../../hooks/useAuth';
import { useToast } from '../../hooks/useToast';
import { storedReferralCode } from '../../lib/cookies';
import { AccountSetupStep } from './AccountSetupStep';
import { BusinessDetailsStep } from './BusinessDetailsStep';
import { ComplianceStep } from './ComplianceStep';
import { ContactInformationStep } from './ContactInformationStep';
import {
  acceptanceFields,
  firstStepWithError,
  isRegistrationField,
  registrationDefaults,
  stepOfField,
  toRegisterRequest,
  validateFields,
  validateForm,
  wizardSteps,
  type FieldErrors,
  type RegistrationField,
  type RegistrationValues,
  type WizardStep,
} from './registration';
import { trackEvent } from '../../api/events';

const stepContent: Record<WizardStep, ComponentType> = {
  1: BusinessDetailsStep,
  2: ContactInformationStep,
  3: AccountSetupStep,
  4: ComplianceStep,
};

/**
 * Field messages from a rejected registration (the server's details). A taken address is not a
 * rejection: the server answers it as a new one and mails the owner, so the page shows the same success.
 */
function serverFieldErrors(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    const field = detail.path.split('.')[0] ?? '';
    if (isRegistrationField(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

export function RegisterPage() {
  const [form] = Form.useForm<RegistrationValues>();
  const [step, setStep] = useState<WizardStep>(1);
  const [furthestStep, setFurthestStep] = useState<WizardStep>(1);
  const { toast } = useToast();
  const navigate = useNavigate();
  const registration = useRegister();
  const stepChanged = useRef(false);

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (stepChanged.current) document.getElementById(`register-step-${step}`)?.focus();
    stepChanged.current = true;
  }, [step]);

  const currentValues = () => form.getFieldsValue(true) as RegistrationValues;

  const showErrors = (fields: readonly RegistrationField[], errors: FieldErrors) =>
    form.setFields(fields.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));

  const goTo = (next: WizardStep) => {
    setStep(next);
    setFurthestStep((furthest) => (next > furthest ? next : furthest));
  };

  const onContinue = () => {
    const fields = registrationSteps[step];
    const errors = validateFields(currentValues(), fields);
    showErrors(fields, errors);
    if (Object.keys(errors).length > 0) {
      toast({
        title: 'Please complete required fields',
        description: 'Fill in all required fields before continuing.',
        variant: 'destructive',
      });
      return;
    }
    if (step < 4) goTo((step + 1) as WizardStep);
  };

  const onRejected = (error: Error) => {
    if (!(error instanceof ApiError) || error.status >= 500) {
      toast({
        title: 'Registration Error',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Registration Failed',
      description: error.serverMessage ?? 'Please check your details and try again.',
      variant: 'destructive',
    });
    const errors = serverFieldErrors(error);
    const fields = Object.keys(errors) as RegistrationField[];
    if (fields.length === 0) return;
    showErrors(fields, errors);
    const steps = fields.map(stepOfField).filter((fieldStep) => fieldStep !== undefined);
    if (steps.length > 0) setStep(Math.min(...steps) as WizardStep);
  };

  const onCreateAccount = () => {
    const values = currentValues();
    if (!acceptanceFields.every((field) => values[field] === true)) {
      showErrors(acceptanceFields, validateFields(values, acceptanceFields));
      toast({
        title: 'Please accept required terms',
        description: 'You must accept the Terms & Conditions, Privacy Policy, and AML Policy.',
        variant: 'destructive',
      });
      return;
    }
    const result = validateForm(values);
    if (!result.success) {
      const fields = Object.keys(result.errors) as RegistrationField[];
      showErrors(fields, result.errors);
      const target = firstStepWithError(fields);
      if (target) {
        setStep(target);
        toast({
          title: `Please complete Step ${target}`,
          description: 'Some required fields are missing. Please fill them out.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Form Validation Error',
          description: 'Please check all required fields and try again.',
          variant: 'destructive',
        });
      }
      return;
    }
    registration.mutate(toRegisterRequest(result.data, storedReferralCode()), {
      onSuccess: () => {
        trackEvent('registration_completed');
        toast({
          title: 'Registration Successful!',
          description: 'Please check your email for verification instructions.',
          variant: 'success',
        });
        void navigate('/login?message=verify-email');
      },
      onError: onRejected,
    });
  };

  // Fields already showing a message are checked again as the user corrects them.
  const onValuesChange = (changed: RegistrationValues) => {
    const names = Object.keys(changed).filter(isRegistrationField);
    if (names.includes('password')) names.push('confirmPassword');
    const withErrors = names.filter((name) => form.getFieldError(name).length > 0);
    if (withErrors.length > 0) showErrors(withErrors, validateFields(currentValues(), withErrors));
  };

  return (
    <AuthLayout
      width={760}
      footer={
        <Flex gap={16} justify="center" wrap>
          <Typography.Text type="secondary">
            Already have an account? <Link to="/login">Sign In</Link>
          </Typography.Text>
          <Link to="/">Back to home</Link>
        </Flex>
      }
    >
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Create Your Business Account
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Fields marked with <span aria-hidden>*</span>
        <span className="sr-only"> an asterisk</span> are required.
      </Typography.Paragraph>

      <Steps
        size="small"
        current={step - 1}
        onChange={(index) => setStep((index + 1) as WizardStep)}
        items={wizardSteps.map((item) => ({ title: item.title, disabled: item.step > furthestStep }))}
        style={{ marginBottom: 32 }}
      />

      <Form
        noValidate
        form={form}
        layout="vertical"
        initialValues={registrationDefaults}
        onValuesChange={onValuesChange}
        onFinish={step < 4 ? onContinue : onCreateAccount}
      >
        {wizardSteps.map(({ step: n, title, description }) => {
          const Content = stepContent[n];
          // Every step stays mounted (hidden) so values and messages survive moving between steps.
          return (
            <section key={n} hidden={n !== step} aria-labelledby={`register-step-${n}`}>
              <Typography.Title level={2} id={`register-step-${n}`} tabIndex={-1} style={{ fontSize: 20 }}>
                Step {n}: {title}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
              <Content />
            </section>
          );
        })}

        <Flex justify="space-between" gap={12} style={{ marginTop: 24 }}>
          {step > 1 ? (
            <Button
              htmlType="button"
              onClick={() => setStep((step - 1) as WizardStep)}
              disabled={registration.isPending}
            >
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button type="primary" htmlType="submit" loading={registration.isPending}>
            {step < 4 ? 'Continue' : registration.isPending ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Flex>
      </Form>
    </AuthLayout>
  );
}
