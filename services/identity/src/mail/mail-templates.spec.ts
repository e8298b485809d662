import { registrationAttemptMail } from './mail-templates';

describe('registrationAttemptMail', () => {
  const publicUrl = 'https://pay.example';

  it('tells the owner of a registration attempt where to sign in and reset, with no token', () => {
    const mail = registrationAttemptMail('owner@example.test', 'Aroha', publicUrl, 'registration');
    expect(mail.to).toBe('owner@example.test');
    expect(mail.subject).toBe('Someone tried to register with your email address');
    expect(mail.text).toContain('Hello Aroha,');
    expect(mail.text).toContain('Someone tried to register a new account with your email address.');
    expect(mail.text).toContain('no new account was created');
    expect(mail.text).toContain(`Sign in: ${publicUrl}/login`);
    expect(mail.text).toContain(`Choose a new password: ${publicUrl}/forgot-password`);
    expect(mail.html).toContain(`<a href="${publicUrl}/login">Sign in</a>`);
    expect(mail.html).toContain(`<a href="${publicUrl}/forgot-password">Choose a new password</a>`);
    expect(`${mail.text}${mail.html}`).not.toMatch(/token/i);
  });

  it('names an affiliate application and points to applying from the affiliate page', () => {
    const mail = registrationAttemptMail('owner@example.test', 'Aroha', publicUrl, 'affiliateApplication');
    expect(mail.text).toContain('apply to the affiliate programme with your email address');
    expect(mail.text).toContain('apply from the affiliate page');
  });

  it("escapes the owner's name in the HTML part", () => {
    const mail = registrationAttemptMail('owner@example.test', '<b>Eve</b>', publicUrl, 'registration');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });
});
