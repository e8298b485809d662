import {
  complianceRiskLevel,
  complianceRiskScore,
  contractConfigSchema,
  contractMessages,
  contractDefaults,
  estimateDeploymentCost,
  hasRequiredDocuments,
  investmentMessages,
  isTokenizationCountry,
  minimumInvestment,
  overallComplianceStatus,
  propertyMessages,
  propertySubmissionSchema,
  tokenizationMessages,
  tokenPricePreview,
} from './tokenization';

const messagesOf = (schema: typeof propertySubmissionSchema | typeof contractConfigSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const validProperty = {
  propertyAddress: '12 Queen Street, Auckland 1010',
  titleReference: 'NA123/45',
  currentValue: 1_250_000,
  tokenSupply: 1000,
  tokenPrice: 1250,
  description: 'A three-storey commercial building on Queen Street with long-term retail tenants.',
  expectedYield: 5,
  lockupPeriod: 90,
  ownerName: 'Queen Street Holdings Limited',
  valuationDate: '2026-10-01',
};

describe('property submission (spec 5)', () => {
  it("refuses each field below its minimum with the spec's message", () => {
    expect(
      messagesOf(propertySubmissionSchema, {
        propertyAddress: 'Short',
        titleReference: 'NA1',
        currentValue: 49_999,
        tokenSupply: 99,
        tokenPrice: 0,
        description: 'Too short.',
        expectedYield: 101,
        lockupPeriod: 29,
        ownerName: 'Q',
        valuationDate: '2026-13-01',
      }),
    ).toEqual({
      propertyAddress: propertyMessages.address,
      titleReference: propertyMessages.titleReference,
      currentValue: 'Minimum property value is $50,000',
      tokenSupply: 'Minimum token supply is 100',
      tokenPrice: 'Token price must be greater than 0',
      description: 'Property description must be at least 50 characters',
      expectedYield: 'Expected yield must be between 0-100%',
      lockupPeriod: 'Minimum lockup period is 30 days',
      ownerName: propertyMessages.ownerName,
      valuationDate: propertyMessages.valuationDate,
    });
    expect(messagesOf(propertySubmissionSchema, { ...validProperty, expectedYield: -1 })).toEqual({
      expectedYield: propertyMessages.expectedYield,
    });
  });

  it('accepts the minimums and fills the defaults (residential, nz)', () => {
    const parsed = propertySubmissionSchema.parse({
      ...validProperty,
      currentValue: 50_000,
      tokenSupply: 100,
      tokenPrice: 0.01,
      lockupPeriod: 30,
    });
    expect(parsed).toMatchObject({ propertyType: 'residential', jurisdiction: 'nz', currentValue: 50_000 });
  });

  it('previews the token price as value over supply', () => {
    expect(tokenPricePreview(1_250_000, 1000)).toBe(1250);
    expect(tokenPricePreview(1_250_000, 0)).toBe(0);
  });

  it('needs three documents with the title deed, valuation report and insurance policy among them', () => {
    expect(hasRequiredDocuments(['titleDeed', 'valuationReport', 'insurancePolicy'])).toBe(true);
    expect(hasRequiredDocuments(['titleDeed', 'valuationReport', 'propertySurvey'])).toBe(false);
    expect(hasRequiredDocuments(['titleDeed', 'valuationReport'])).toBe(false);
    expect(tokenizationMessages.missingDocuments).toBe('Please upload at least the required documents');
  });
});

describe('compliance (spec 4 and 9)', () => {
  it('scores 100 less 30 per failure and 10 per warning, never below 0', () => {
    expect(complianceRiskScore(['passed', 'passed', 'passed'])).toBe(100);
    expect(complianceRiskScore(['passed', 'warning', 'warning'])).toBe(80);
    expect(complianceRiskScore(['failed', 'passed', 'passed'])).toBe(70);
    expect(complianceRiskScore(['failed', 'warning', 'passed'])).toBe(60);
    expect(complianceRiskScore(['failed', 'failed', 'failed', 'failed'])).toBe(0);
  });

  it('names the level: 90+ Low, 70-89 Medium, below 70 High', () => {
    expect(complianceRiskLevel(90)).toEqual({ level: 'Low', meaning: 'Meets all requirements' });
    expect(complianceRiskLevel(89).level).toBe('Medium');
    expect(complianceRiskLevel(70)).toEqual({ level: 'Medium', meaning: 'Approved with conditions' });
    expect(complianceRiskLevel(69)).toEqual({ level: 'High', meaning: 'Needs more work' });
  });

  it('is failed if any check failed, else warning if any warned, else passed', () => {
    expect(overallComplianceStatus(['passed', 'warning', 'failed'])).toBe('failed');
    expect(overallComplianceStatus(['passed', 'warning'])).toBe('warning');
    expect(overallComplianceStatus(['passed'])).toBe('passed');
  });
});

describe('contract and investment (spec 5 and 9)', () => {
  it("refuses a long symbol with the spec's 'Symbol too long' and fills the defaults", () => {
    expect(
      messagesOf(contractConfigSchema, {
        tokenName: 'Queen St',
        tokenSymbol: 'ABCDEFGHIJK',
        totalSupply: 1000,
        complianceOracle: 'chainlink',
        blockchain: 'polygon',
      }),
    ).toEqual({ tokenSymbol: contractMessages.tokenSymbolLong });
    expect(
      contractConfigSchema.parse({
        tokenName: 'Queen St',
        totalSupply: 1000,
        complianceOracle: 'x',
        blockchain: 'polygon',
      }),
    ).toMatchObject({
      tokenSymbol: 'PROP',
      decimals: 18,
      gasLimit: 5_000_000,
      transferRestrictions: true,
      dividendDistribution: true,
      governance: false,
    });
    // The lock-up is the property's (filled in by the service); the oracle has a default.
    const parsed = contractConfigSchema.parse({ tokenName: 'Queen St', totalSupply: 1000, blockchain: 'polygon' });
    expect(parsed.lockupPeriod).toBeUndefined();
    expect(parsed.complianceOracle).toBe(contractDefaults.complianceOracle);
  });

  it("estimates the deployment at the chain's gas price, in the chain's own coin", () => {
    const gwei30 = String(30_000_000_000n);
    expect(estimateDeploymentCost('polygon', 5_000_000, gwei30)).toEqual({
      amount: 0.111,
      maximum: 0.15,
      unit: 'MATIC',
    });
    expect(estimateDeploymentCost('ethereum', 5_000_000, String(2_000_000_000n))).toEqual({
      amount: 0.0074,
      maximum: 0.01,
      unit: 'ETH',
    });
    // A limit below a suite's gas: the suite would not fit, the most it can cost is the limit's.
    expect(estimateDeploymentCost('polygon', 1_000_000, gwei30)).toEqual({
      amount: 0.03,
      maximum: 0.03,
      unit: 'MATIC',
    });
    expect(estimateDeploymentCost('polygon', 5_000_000, null)).toBeNull();
    expect(estimateDeploymentCost('algorand', 5_000_000, gwei30)).toBeNull();
  });

  it('needs at least ten times the token price', () => {
    expect(minimumInvestment(1250)).toBe(12_500);
    expect(investmentMessages.belowMinimum(12_500)).toBe(
      'The minimum investment is $12,500.00 (ten times the token price).',
    );
  });

  it('allows New Zealand and Australia only', () => {
    expect(['NZ', 'au', 'SG', '', null].map(isTokenizationCountry)).toEqual([true, true, false, false, false]);
    expect(tokenizationMessages.restricted('Singapore')).toBe(
      'Tokenization services are currently only available in New Zealand and Australia. Your location: Singapore',
    );
  });
});
