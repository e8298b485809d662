import {
  affiliateTiers,
  contentTypes,
  marketingAssetsSchema,
  plans,
  referralLink,
  valuePropositionSchema,
} from '@app/contracts';
import { customContent, marketingAssets, valueProposition, type WriterContext } from './builtin-writer';

const who: WriterContext = {
  companyName: 'Harbour Digital',
  referralLink: referralLink('https://pay.example', 'HARB7K2Q9P'),
  tier: affiliateTiers[0]!,
};

describe('built-in toolkit writer', () => {
  it('writes marketing assets in the response shape, from the audience and the real plans', () => {
    const assets = marketingAssetsSchema.parse(marketingAssets('independent cafes', who));
    const text = JSON.stringify(assets);
    expect(assets.landingPageCopy.headline).toContain('independent cafes');
    expect(text).toContain('https://pay.example/?ref=HARB7K2Q9P');
    for (const plan of plans.filter((p) => p.monthlyPrice > 0)) expect(text).toContain(`$${plan.monthlyPrice}/month`);
    expect(text).not.toMatch(/lorem|ipsum|TODO/i);
    expect(marketingAssets('independent cafes', who)).toEqual(assets);
  });

  it('writes every content type around the given context', () => {
    for (const { value } of contentTypes) {
      const text = customContent(value, 'vineyards in Marlborough', who);
      expect(text).toContain('vineyards in Marlborough');
      expect(text.length).toBeGreaterThan(300);
    }
    expect(customContent('blog_post', undefined, who)).toContain('simpler payments');
  });

  it('writes a value proposition for the market', () => {
    const proposition = valuePropositionSchema.parse(valueProposition('dental clinics', who));
    expect(proposition.headline).toContain('dental clinics');
    expect(proposition.keyBenefits.length).toBeGreaterThanOrEqual(4);
  });
});
