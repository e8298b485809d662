import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  contentTypes,
  customContentResponseSchema,
  marketingAssetsSchema,
  valuePropositionSchema,
  type ContentType,
  type MarketingAssets,
  type ValueProposition,
} from '@app/contracts';
import { APP_CONFIG, OPENAI_CLIENT } from '@app/platform';
import type OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { z } from 'zod';
import type { AffiliateConfig } from '../config';
import type { WriterContext } from './builtin-writer';
import { capabilities, planLines, programme, tierLines } from './programme-facts';

/**
 * The toolkit's writer when OPENAI_API_KEY is set: the model answers in the response shape as
 * structured output, which zod checks again. null means "no answer": the caller falls back to
 * the built-in writer, so a provider outage never leaves the affiliate without copy.
 */
@Injectable()
export class OpenAiWriter {
  private readonly logger = new Logger(OpenAiWriter.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AffiliateConfig,
    /** The platform's client (OPENAI_BASE_URL: any compatible server), or null without a key. */
    @Inject(OPENAI_CLIENT) private readonly client: OpenAI | null,
  ) {}

  marketingAssets(audience: string, who: WriterContext): Promise<MarketingAssets | null> {
    return this.write(
      marketingAssetsSchema,
      'marketing_assets',
      `Write marketing assets for the target audience "${audience}": three e-mail templates (name, subject, body), ` +
        'LinkedIn, Twitter and Facebook posts, landing page copy and a sales pitch with objection handling.',
      who,
    );
  }

  async customContent(type: ContentType, context: string | undefined, who: WriterContext): Promise<string | null> {
    const label = contentTypes.find((option) => option.value === type)?.label ?? type;
    const answer = await this.write(
      customContentResponseSchema,
      'custom_content',
      `Write a ${label} in Markdown.${context ? ` Additional context from the affiliate: ${context}` : ''}`,
      who,
    );
    return answer?.content ?? null;
  }

  valueProposition(market: string, who: WriterContext): Promise<ValueProposition | null> {
    return this.write(
      valuePropositionSchema,
      'value_proposition',
      `Write a value proposition for the target market "${market}": headline, subheadline, 4-6 key benefits and a testimonial suggestion.`,
      who,
    );
  }

  private async write<S extends z.ZodType>(
    schema: S,
    name: string,
    task: string,
    who: WriterContext,
  ): Promise<z.infer<S> | null> {
    if (!this.client) return null;
    try {
      const completion = await this.client.chat.completions.parse({
        model: this.config.OPENAI_MODEL,
        messages: [
          { role: 'system', content: systemPrompt(who) },
          { role: 'user', content: task },
        ],
        response_format: zodResponseFormat(schema, name),
      });
      const checked = schema.safeParse(completion.choices[0]?.message.parsed);
      if (checked.success) return checked.data as z.infer<S>;
      this.logger.warn(`OpenAI answer for ${name} did not match the schema; using the built-in writer`);
    } catch (error) {
      this.logger.warn(`OpenAI call for ${name} failed (${(error as Error).message}); using the built-in writer`);
    }
    return null;
  }
}

/** Only true facts: the model is told to use these and invent no prices, numbers or customers. */
const systemPrompt = (who: WriterContext): string =>
  [
    `You write marketing copy for ${who.companyName}, an affiliate partner of a business payments platform.`,
    'Use only these facts and never invent prices, statistics, customers or quotes:',
    ...capabilities.map((line) => `- ${line}`),
    'Plans:',
    ...planLines().map((line) => `- ${line}`),
    `Annual billing is 12 times the monthly price less 20%.`,
    `Affiliate programme: commission on ${programme.commissionBasis}; tiers:`,
    ...tierLines().map((line) => `- ${line}`),
    `Every call to action links to ${who.referralLink}.`,
  ].join('\n');
