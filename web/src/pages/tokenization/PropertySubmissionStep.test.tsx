import { MAX_DOCUMENT_BYTES, tokenizationPaths } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fillIn } from '../../test/render';
import { complianceRun, property, tokenizationApi } from '../../test/tokenization';
import { currentUrl, file, renderTokenization, stepState } from './testSupport';

type User = ReturnType<typeof renderTokenization>['user'];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit Property' }) as HTMLButtonElement;
const upload = (user: User, label: string, name = `${label}.pdf`) => user.upload(field(label), file(name));

async function fillDetails(user: User) {
  await fillIn(user, field('Property Address'), '12 Queen Street, Auckland Central, Auckland 1010');
  await fillIn(user, field('Registered Owner'), 'Aroha Ngata');
  await fillIn(user, field('LINZ Title Reference'), 'NA123/45');
  await fillIn(user, field('Current Value (NZD)'), '500000');
  await fillIn(user, field('Valuation Date'), '2026-10-01');
  await fillIn(
    user,
    field('Description'),
    'A three-bedroom villa in central Auckland, leased to long-term tenants since 2019.',
  );
}

// Heavy antd forms: slow when the machine is shared with the end-to-end stack.
describe('Property Submission', { timeout: 45_000 }, () => {
  it("starts with the spec's defaults as step 1 of 4", async () => {
    tokenizationApi();
    renderTokenization();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Real Estate Tokenization');
    expect(screen.getByText('Transform real estate assets into blockchain tokens')).toBeTruthy();
    await screen.findByRole('button', { name: 'Submit Property' });

    expect(stepState('Property Submission')).toBe('Active');
    for (const step of ['Compliance Verification', 'Smart Contract', 'Investment Portal'])
      expect(stepState(step)).toBe('Pending');
    expect(screen.getByText('0 of 4 stages complete')).toBeTruthy();

    expect(field('Token Supply').value).toBe('1000');
    expect(field('Expected Yield (%)').value).toBe('5.00');
    expect(field('Lockup Period (days)').value).toBe('90');
    const form = screen.getByRole('button', { name: 'Submit Property' }).closest('form') as HTMLElement;
    expect(within(form).getByTitle('Residential')).toBeTruthy();
    expect(within(form).getByTitle('New Zealand')).toBeTruthy();
  });

  it("checks the fields as they are typed, with the contracts' messages", async () => {
    tokenizationApi();
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });

    await fillIn(user, field('Property Address'), '12 Queen');
    expect(await screen.findByText('Full property address is required')).toBeTruthy();
    await fillIn(user, field('LINZ Title Reference'), 'NA1');
    expect(await screen.findByText('LINZ title reference is required')).toBeTruthy();
    await fillIn(user, field('Current Value (NZD)'), '49999');
    expect(await screen.findByText('Minimum property value is $50,000')).toBeTruthy();
    await fillIn(user, field('Token Supply'), '99');
    expect(await screen.findByText('Minimum token supply is 100')).toBeTruthy();
    await fillIn(user, field('Description'), 'Too short.');
    expect(await screen.findByText('Property description must be at least 50 characters')).toBeTruthy();
    await fillIn(user, field('Expected Yield (%)'), '101');
    expect(await screen.findByText('Expected yield must be between 0-100%')).toBeTruthy();
    await fillIn(user, field('Lockup Period (days)'), '29');
    expect(await screen.findByText('Minimum lockup period is 30 days')).toBeTruthy();

    // Corrected, the message goes.
    await fillIn(user, field('Property Address'), '12 Queen Street, Auckland Central');
    await waitFor(() => expect(screen.queryByText('Full property address is required')).toBeNull());
  });

  it('previews the token price as value ÷ supply and fills it in until the owner sets one', async () => {
    tokenizationApi();
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });
    expect(screen.getByTestId('token-price-preview').textContent).toContain('Enter the value and the token supply');

    await fillIn(user, field('Current Value (NZD)'), '500000');
    expect(screen.getByTestId('token-price-preview').textContent).toBe(
      'Token price preview: NZ$500.00 per token (current value ÷ token supply)',
    );
    expect(field('Token Price (NZD)').value).toBe('500.00');

    await fillIn(user, field('Token Supply'), '2000');
    expect(screen.getByTestId('token-price-preview').textContent).toContain('NZ$250.00 per token');
    expect(field('Token Price (NZD)').value).toBe('250.00');

    await fillIn(user, field('Token Price (NZD)'), '300');
    await fillIn(user, field('Token Supply'), '1000');
    expect(field('Token Price (NZD)').value).toBe('300.00');
  });

  it('keeps Submit disabled below 3 documents and refuses 3 without every required one', async () => {
    const fetchMock = tokenizationApi();
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });
    await fillDetails(user);

    for (const label of ['Title Deed', 'Valuation Report', 'Insurance Policy']) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
    }
    expect(field('Property Survey').getAttribute('aria-required')).toBe('false');
    expect(field('Title Deed').getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png');
    expect(field('Property Survey').getAttribute('accept')).toBe('.pdf,.dwg');

    expect(submitButton().disabled).toBe(true);
    await upload(user, 'Title Deed');
    await upload(user, 'Valuation Report');
    expect(submitButton().disabled).toBe(true);
    await upload(user, 'Property Survey');
    expect(submitButton().disabled).toBe(false);

    await user.click(submitButton());
    expect(await screen.findByText('Missing Documents')).toBeTruthy();
    expect(screen.getByText('Please upload at least the required documents')).toBeTruthy();
    expect(within(screen.getByTestId('document-insurancePolicy')).getByText('Missing')).toBeTruthy();
    expect(callsTo(fetchMock, tokenizationPaths.upload, 'POST')).toHaveLength(0);
  });

  it('refuses a file of another kind, or too large, with its reason', async () => {
    tokenizationApi();
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });
    // What a picker lets through despite the accept list (e.g. "All files"): the change event itself.
    const choose = (label: string, chosen: File) => {
      const input = field(label);
      Object.defineProperty(input, 'files', { value: [chosen], configurable: true });
      fireEvent.change(input);
      delete (input as { files?: unknown }).files;
    };

    choose('Valuation Report', file('valuation.png', 2048, 'image/png'));
    expect(await screen.findByText('Valuation Report must be a PDF file.')).toBeTruthy();
    choose('Insurance Policy', file('insurance.pdf', MAX_DOCUMENT_BYTES + 1));
    expect(await screen.findByText('A document may be at most 10 MB.')).toBeTruthy();
    expect(screen.getByText(/0 documents chosen/)).toBeTruthy();

    await upload(user, 'Valuation Report', 'valuation.pdf');
    expect(screen.queryByText('Valuation Report must be a PDF file.')).toBeNull();
    expect(within(screen.getByTestId('document-valuationReport')).getByText('valuation.pdf (2 KB)')).toBeTruthy();
    expect(screen.getByText(/1 document chosen/)).toBeTruthy();
  });

  it('sends the fields and the files as multipart/form-data, then follows the compliance checks', async () => {
    const submitted = property({
      compliance: complianceRun({ status: 'queued', progress: 0, riskScore: null, overallStatus: null }),
    });
    const fetchMock = tokenizationApi({
      [`POST ${tokenizationPaths.upload}`]: { status: 201, body: submitted },
      [`GET ${tokenizationPaths.property(submitted.id)}`]: { body: submitted },
    });
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });
    await fillDetails(user);
    await upload(user, 'Title Deed', 'title.pdf');
    await upload(user, 'Valuation Report', 'valuation.pdf');
    await upload(user, 'Insurance Policy', 'insurance.pdf');
    await user.click(submitButton());

    await waitFor(() => expect(callsTo(fetchMock, tokenizationPaths.upload, 'POST')).toHaveLength(1));
    const body = callsTo(fetchMock, tokenizationPaths.upload, 'POST')[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      propertyAddress: '12 Queen Street, Auckland Central, Auckland 1010',
      propertyType: 'residential',
      jurisdiction: 'nz',
      titleReference: 'NA123/45',
      currentValue: '500000',
      tokenSupply: '1000',
      tokenPrice: '500',
      description: 'A three-bedroom villa in central Auckland, leased to long-term tenants since 2019.',
      expectedYield: '5',
      lockupPeriod: '90',
      ownerName: 'Aroha Ngata',
      valuationDate: '2026-10-01',
    });
    expect((body.get('titleDeed') as File).name).toBe('title.pdf');
    expect((body.get('valuationReport') as File).name).toBe('valuation.pdf');
    expect((body.get('insurancePolicy') as File).name).toBe('insurance.pdf');
    expect(body.has('propertySurvey')).toBe(false);

    expect(await screen.findByText('The checks are queued and start in a moment.')).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${submitted.id}&step=compliance`);
    expect(stepState('Property Submission')).toBe('Complete');
    expect(stepState('Compliance Verification')).toBe('Active');
  });

  it("shows the server's field errors on the fields and the documents", async () => {
    tokenizationApi({
      [`POST ${tokenizationPaths.upload}`]: {
        status: 400,
        body: {
          error: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          details: [
            { path: 'titleReference', message: 'The title reference is not in a LINZ format.' },
            { path: 'valuationReport', message: 'Valuation Report must be a PDF file.' },
          ],
        },
      },
    });
    const { user } = renderTokenization();
    await screen.findByRole('button', { name: 'Submit Property' });
    await fillDetails(user);
    await upload(user, 'Title Deed');
    await upload(user, 'Valuation Report');
    await upload(user, 'Insurance Policy');
    await user.click(submitButton());

    expect(await screen.findByText('The title reference is not in a LINZ format.')).toBeTruthy();
    expect(
      within(screen.getByTestId('document-valuationReport')).getByText('Valuation Report must be a PDF file.'),
    ).toBeTruthy();
    expect(screen.getByText('Submission Failed')).toBeTruthy();
    expect(currentUrl()).toBe('/tokenization');
  });
});
