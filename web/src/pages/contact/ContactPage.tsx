import {
  contactCategories,
  contactRequestSchema,
  contactRequiredMessage,
  ErrorCode,
  supportResponseTimes,
  type ContactCategory,
} from '@app/contracts';
import { Button, Form, Input, Select } from 'antd';
import {
  businessHours,
  companyAddressLines,
  emergencyEmail,
  supportEmail,
  supportHours,
  supportPhone,
  telHref,
} from '../../brand';
import { ApiError } from '../../api/client';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { useSendContactMessage } from '../../hooks/useContact';
import { useToast } from '../../hooks/useToast';
import { cx } from '../../lib/cx';
import { firstIssuePerField } from '../../lib/zodRule';
import styles from './contact.module.css';
import { trackEvent } from '../../api/events';

interface ContactValues {
  name?: string;
  email?: string;
  company?: string;
  subject?: string;
  category?: ContactCategory;
  message?: string;
}

type ContactField = keyof ContactValues;
const contactFields: readonly ContactField[] = ['name', 'email', 'company', 'subject', 'category', 'message'];
const isContactField = (field: string): field is ContactField => (contactFields as readonly string[]).includes(field);

const requiredFieldMessage = 'This field is required.';

/** Spec 2.7: office, e-mail, hours, response times, the message form and the emergency box. */
export function ContactPage() {
  const [form] = Form.useForm<ContactValues>();
  const { toast } = useToast();
  const sendMessage = useSendContactMessage();

  /** Shows these messages under their fields and clears every other field's message. */
  const showFieldErrors = (errors: Partial<Record<ContactField, string>>) =>
    form.setFields(contactFields.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));

  // The form has no antd rules, so a field's message is cleared by hand once it is edited.
  const clearEditedErrors = (changed: ContactValues) =>
    form.setFields(
      Object.keys(changed)
        .filter(isContactField)
        .map((name) => ({ name, errors: [] })),
    );

  const onFinish = () => {
    const values = form.getFieldsValue(true) as ContactValues;
    const parsed = contactRequestSchema.safeParse({
      name: values.name ?? '',
      email: values.email ?? '',
      company: values.company ?? '',
      subject: values.subject ?? '',
      category: values.category,
      message: values.message ?? '',
    });

    if (!parsed.success) {
      const errors = firstIssuePerField(parsed.error);
      const missing = Object.values(errors).includes(contactRequiredMessage);
      showFieldErrors(
        Object.fromEntries(
          Object.entries(errors).map(([field, message]) => [
            field,
            message === contactRequiredMessage ? requiredFieldMessage : message,
          ]),
        ),
      );
      if (missing) {
        toast({ title: 'Required Fields Missing', description: contactRequiredMessage, variant: 'destructive' });
      }
      return;
    }

    sendMessage.mutate(parsed.data, {
      onSuccess: (response) => {
        trackEvent('contact_submitted', { category: parsed.data.category });
        form.resetFields();
        toast({
          title: 'Message Sent Successfully',
          description: `Thank you for contacting us. We'll get back to you within 24 hours. Your reference is ${response.ticketId}.`,
          variant: 'success',
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.ValidationFailed) {
          const errors: Partial<Record<ContactField, string>> = {};
          for (const detail of error.details) {
            const field = detail.path.split('.')[0] ?? '';
            if (isContactField(field) && !errors[field]) errors[field] = detail.message;
          }
          showFieldErrors(errors);
        }
        toast({
          title: 'Message Failed',
          description: 'Unable to send message. Please try again or email us directly.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <SitePage title="Contact">
      <section aria-labelledby="contact-title" className={site.hero} style={{ paddingBottom: 32 }}>
        <div className={site.container}>
          <h1 id="contact-title" className={site.heroTitle}>
            Contact Us
          </h1>
          <p className={site.lead}>
            Questions about payments, compliance, tokenization or a partnership? Send us a message and the right team
            will get back to you.
          </p>
        </div>
      </section>

      <div className={cx(site.container, styles.layout)}>
        <div className={styles.details}>
          <section aria-labelledby="office-heading" className={site.card}>
            <h2 id="office-heading" className={site.cardSubtitle}>
              Office
            </h2>
            <address className={site.address} style={{ margin: 0 }}>
              {companyAddressLines.map((line) => (
                <span key={line} className={styles.line}>
                  {line}
                </span>
              ))}
            </address>
            <p className={site.cardText} style={{ marginTop: 12 }}>
              Phone: <a href={telHref(supportPhone)}>{supportPhone}</a>
            </p>
          </section>

          <section aria-labelledby="email-heading" className={site.card}>
            <h2 id="email-heading" className={site.cardSubtitle}>
              Email
            </h2>
            <p className={site.cardText}>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </p>
          </section>

          <section aria-labelledby="hours-heading" className={site.card}>
            <h2 id="hours-heading" className={site.cardSubtitle}>
              Business Hours
            </h2>
            <p className={site.cardText}>{businessHours}</p>
            <p className={site.cardText}>Support hours: {supportHours}, Monday to Friday.</p>
          </section>

          <section aria-labelledby="response-heading" className={site.card}>
            <h2 id="response-heading" className={site.cardSubtitle}>
              Support Response Times
            </h2>
            <dl className={styles.responseTimes}>
              {contactCategories.map((category) => (
                <div key={category.value}>
                  <dt>{category.label}</dt>
                  <dd>{supportResponseTimes[category.value]}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="emergency-heading" className={cx(site.card, styles.emergency)}>
            <h2 id="emergency-heading" className={site.cardSubtitle}>
              Emergency Support
            </h2>
            <p className={site.cardText}>
              For suspected fraud, a security incident or a payment outage affecting your business, email us at any
              time, including weekends:
            </p>
            <p className={site.cardText}>
              <a href={`mailto:${emergencyEmail}`} className={styles.emergencyLink}>
                {emergencyEmail}
              </a>
            </p>
          </section>
        </div>

        <section aria-labelledby="form-heading" className={site.card}>
          <h2 id="form-heading" className={site.cardTitle}>
            Send us a message
          </h2>
          <p className={site.cardText}>
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required. We reply within 24 hours.
          </p>
          <Form
            form={form}
            name="contact"
            layout="vertical"
            onFinish={onFinish}
            onValuesChange={clearEditedErrors}
            noValidate
            requiredMark
          >
            <div className={styles.row}>
              <Form.Item label="Name" name="name" required>
                <Input autoComplete="name" aria-required="true" maxLength={100} />
              </Form.Item>
              <Form.Item label="Email" name="email" required>
                <Input type="email" autoComplete="email" aria-required="true" maxLength={254} />
              </Form.Item>
            </div>
            <div className={styles.row}>
              <Form.Item label="Company" name="company">
                <Input autoComplete="organization" maxLength={200} />
              </Form.Item>
              <Form.Item label="Category" name="category">
                <Select
                  placeholder="Select a category"
                  allowClear
                  options={contactCategories.map((category) => ({ value: category.value, label: category.label }))}
                />
              </Form.Item>
            </div>
            <Form.Item label="Subject" name="subject" required>
              <Input aria-required="true" maxLength={200} />
            </Form.Item>
            <Form.Item label="Message" name="message" required>
              <Input.TextArea aria-required="true" rows={6} maxLength={5000} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={sendMessage.isPending}>
              {sendMessage.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </Form>
        </section>
      </div>
    </SitePage>
  );
}
