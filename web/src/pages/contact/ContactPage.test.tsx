import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureBeacons, fillIn, mockFetch, renderPage, requestBody } from '../../test/render';
import { ContactPage } from './ContactPage';

type User = ReturnType<typeof renderPage>['user'];

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

const message = {
  name: 'Aroha Ngata',
  email: 'aroha@kauri.example',
  company: 'Kauri Coffee Roasters',
  subject: 'Point-of-sale integration',
  message: 'We would like to connect our two cafe tills to the platform.',
};

async function fillForm(user: User) {
  await fillIn(user, field('Name'), message.name);
  await fillIn(user, field('Email'), message.email);
  await fillIn(user, field('Company'), message.company);
  await fillIn(user, field('Subject'), message.subject);
  await fillIn(user, field('Message'), message.message);
}

const send = (user: User) => user.click(screen.getByRole('button', { name: /Send Message/ }));

describe('ContactPage', () => {
  it('shows the office, hours, response times and emergency contact', () => {
    mockFetch(() => ({ body: {} }));
    renderPage(<ContactPage />, { path: '/contact' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Us');
    expect(screen.getByText(/Monday to Friday, 9:00 AM to 6:00 PM NZ time/)).toBeTruthy();
    expect(screen.getByText('Technical Support').nextSibling?.textContent).toBe('24-48 hours');
    expect(screen.getByText('Partnership').nextSibling?.textContent).toBe('3-5 business days');
    expect(screen.getByRole('heading', { name: 'Emergency Support' })).toBeTruthy();
    expect(screen.getAllByText('North Shore').length).toBeGreaterThan(0);
  });

  it("refuses an empty form with 'Required Fields Missing' and sends nothing", async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { success: true, message: 'ok', ticketId: 'T-1' } }));
    const { user } = renderPage(<ContactPage />, { path: '/contact' });

    await send(user);

    expect(await screen.findByText('Required Fields Missing')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // Each required field says so, until it is filled in.
    // The messages appear field by field: wait for all four, not the first.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(4));
    await fillIn(user, field('Name'), message.name);
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
  });

  it('refuses a form with one required field left blank', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { success: true, message: 'ok', ticketId: 'T-1' } }));
    const { user } = renderPage(<ContactPage />, { path: '/contact' });

    await fillForm(user);
    await fillIn(user, field('Subject'), '   ');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Required Fields Missing')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, shows Sending... while pending, then clears every field', async () => {
    const beacons = captureBeacons();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderPage(<ContactPage />, { path: '/contact' });

    await fillForm(user);
    await user.click(field('Category'));
    await user.click(await screen.findByTitle('Integration'));
    await send(user);

    expect(await screen.findByRole('button', { name: /Sending\.\.\./ })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/contact');
    expect(requestBody(fetchMock.mock.calls[0])).toEqual({ ...message, category: 'integration' });

    answer(
      new Response(JSON.stringify({ success: true, message: 'Received', ticketId: 'T-2024-0001' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );

    expect(await screen.findByText('Message Sent Successfully')).toBeTruthy();
    expect(screen.getByText(/We'll get back to you within 24 hours\. Your reference is T-2024-0001/)).toBeTruthy();
    await waitFor(() => expect(field('Name').value).toBe(''));
    for (const label of ['Email', 'Company', 'Subject', 'Message']) expect(field(label).value).toBe('');
    expect(screen.queryByTitle('Integration')).toBeNull();
    expect(screen.getByRole('button', { name: /Send Message/ })).toBeTruthy();
    // Spec 7's custom event: what was completed, with no personal data.
    expect(await beacons.events()).toContainEqual(
      expect.objectContaining({ name: 'contact_submitted', properties: { category: 'integration' } }),
    );
  });

  it("keeps every field and shows 'Message Failed' when the server refuses", async () => {
    const beacons = captureBeacons();
    const fetchMock = mockFetch(() => ({
      status: 429,
      body: { error: 'RATE_LIMITED', message: 'Too many messages. Try again later.' },
    }));
    const { user } = renderPage(<ContactPage />, { path: '/contact' });

    await fillForm(user);
    await send(user);

    expect(await screen.findByText('Message Failed')).toBeTruthy();
    expect(screen.getByText('Unable to send message. Please try again or email us directly.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(field('Name').value).toBe(message.name);
    expect(field('Email').value).toBe(message.email);
    expect(field('Company').value).toBe(message.company);
    expect(field('Subject').value).toBe(message.subject);
    expect(field('Message').value).toBe(message.message);
    expect(await beacons.events()).not.toContainEqual(expect.objectContaining({ name: 'contact_submitted' }));
  });
});
