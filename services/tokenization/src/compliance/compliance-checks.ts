import {
  complianceCheckKinds,
  jurisdictionNames,
  VALUATION_MAX_AGE_MONTHS,
  type ComplianceCheckKind,
  type ComplianceCheckStatus,
  type ComplianceCheckView,
} from '@app/contracts';
import type { Property } from '../properties/property.entity';
import type { SanctionsList } from './sanctions-list';

/** What the checks look at besides the property: its documents, the submitter's KYC, the list and today. */
export interface CheckInputs {
  property: Pick<Property, 'jurisdiction' | 'titleReference' | 'ownerName' | 'valuationDate'>;
  documents: { key: string; fileName: string }[];
  kycVerified: boolean;
  sanctions: SanctionsList;
  now: Date;
}

export interface CheckOutcome {
  status: Extract<ComplianceCheckStatus, 'passed' | 'warning' | 'failed'>;
  provider: string;
  result: string;
  /** What the outcome rests on, stored with the run. */
  evidence?: Record<string, unknown>;
}

/** The checks in running order. */
export const checkOrder = Object.keys(complianceCheckKinds) as ComplianceCheckKind[];

export const pendingChecks = (): ComplianceCheckView[] =>
  checkOrder.map((id) => ({
    id,
    ...complianceCheckKinds[id],
    status: 'pending',
    provider: providerOf(id),
    result: null,
  }));

const providers: Record<ComplianceCheckKind, string> = {
  title: 'Title register format rules (LINZ, Australian Torrens)',
  valuation: 'Document review',
  insurance: 'Document review',
  aml: 'OFAC SDN list',
  kyc: 'Stripe Identity',
  jurisdiction: 'Platform licensing (NZ, AU)',
};
const providerOf = (id: ComplianceCheckKind) => providers[id];

/**
 * LINZ records of title: the computer register's number (e.g. 123456) or a legacy reference
 * (land district, volume and folio: NA123/45, CB12A/345). Australian Torrens titles: volume/folio
 * (1234/56, Volume 1234 Folio 56) or lot on plan (12/DP345678, Lot 3 SP 12345).
 */
const titleFormats: Record<'nz' | 'au', RegExp[]> = {
  nz: [/^\d{5,7}$/, /^[A-Z]{2}\d{1,4}[A-Z]?\/\d{1,4}$/],
  au: [
    /^\d{1,6}\/\d{1,6}$/,
    /^VOL(UME)?\s*\d{1,6}\s*FOL(IO)?\s*\d{1,6}$/,
    /^(LOT\s*)?\d{1,6}\s*(\/|\s)\s*(DP|SP|PS|RP|LP|CP|TP|SL|BUP|GTP|DEPOSITED PLAN|STRATA PLAN)\s*\d{1,8}$/,
  ],
};

const has = (inputs: CheckInputs, key: string) => inputs.documents.find((document) => document.key === key);

function titleCheck(inputs: CheckInputs): CheckOutcome {
  const provider = providerOf('title');
  if (!has(inputs, 'titleDeed')) return { status: 'failed', provider, result: 'No title deed was uploaded.' };
  const reference = inputs.property.titleReference.trim().toUpperCase();
  const jurisdiction = inputs.property.jurisdiction;
  if (jurisdiction !== 'nz' && jurisdiction !== 'au') {
    return {
      status: 'warning',
      provider,
      result: `No title register rules for ${reference} outside NZ and AU; manual review needed.`,
    };
  }
  const register = jurisdiction === 'nz' ? 'LINZ record of title' : 'Australian Torrens title';
  if (titleFormats[jurisdiction].some((format) => format.test(reference))) {
    return {
      status: 'passed',
      provider,
      result: `Title reference ${reference} is a valid ${register} reference and the title deed is on file.`,
    };
  }
  return {
    status: 'warning',
    provider,
    result: `Title reference ${reference} does not match a ${register} format; manual review needed.`,
  };
}

/** Whole months from one date to another (a report of 25 March is 6 months old on 25 September). */
function monthsBetween(from: Date, to: Date): number {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  return to.getUTCDate() < from.getUTCDate() ? months - 1 : months;
}

function valuationCheck(inputs: CheckInputs): CheckOutcome {
  const provider = providerOf('valuation');
  if (!has(inputs, 'valuationReport'))
    return { status: 'failed', provider, result: 'No valuation report was uploaded.' };
  const dated = new Date(`${inputs.property.valuationDate}T00:00:00Z`);
  const date = inputs.property.valuationDate;
  if (dated.getTime() > inputs.now.getTime()) {
    return { status: 'failed', provider, result: `The valuation report is dated ${date}, in the future.` };
  }
  const age = monthsBetween(dated, inputs.now);
  if (age >= VALUATION_MAX_AGE_MONTHS) {
    return {
      status: 'failed',
      provider,
      result: `The valuation report dated ${date} is more than ${VALUATION_MAX_AGE_MONTHS} months old; a current valuation is needed.`,
    };
  }
  return {
    status: 'passed',
    provider,
    result: `Valuation report dated ${date}: within ${VALUATION_MAX_AGE_MONTHS} months.`,
  };
}

function insuranceCheck(inputs: CheckInputs): CheckOutcome {
  const provider = providerOf('insurance');
  const policy = has(inputs, 'insurancePolicy');
  return policy
    ? { status: 'passed', provider, result: `Insurance policy on file (${policy.fileName}).` }
    : { status: 'failed', provider, result: 'No insurance policy was uploaded.' };
}

function amlCheck(inputs: CheckInputs): CheckOutcome {
  const { sanctions } = inputs;
  const listDate = sanctions.listDate.toISOString().slice(0, 10);
  const provider = `${sanctions.source} list of ${listDate}`;
  const evidence = {
    list: sanctions.source,
    listDate,
    sha256: sanctions.sha256,
    entries: sanctions.size,
    screened: inputs.property.ownerName,
  };
  const match = sanctions.screen(inputs.property.ownerName);
  if (!match) {
    return {
      status: 'passed',
      provider,
      result: `No AML red flags: ${inputs.property.ownerName} screened against ${sanctions.size} entries.`,
      evidence,
    };
  }
  const entry = `${match.entry.name} (${match.entry.programs || 'no programme'}, entry ${match.entry.id})`;
  return match.strength === 'exact'
    ? {
        status: 'failed',
        provider,
        result: `The owner matches the sanctions list entry ${entry}.`,
        evidence: { ...evidence, match },
      }
    : {
        status: 'warning',
        provider,
        result: `Possible sanctions match: ${entry}; manual review needed.`,
        evidence: { ...evidence, match },
      };
}

function kycCheck(inputs: CheckInputs): CheckOutcome {
  const provider = providerOf('kyc');
  return inputs.kycVerified
    ? { status: 'passed', provider, result: 'Identity verified.' }
    : {
        status: 'failed',
        provider,
        result:
          'Additional documentation required: verify your identity under Settings → Verification, then run the checks again.',
      };
}

function jurisdictionCheck(inputs: CheckInputs): CheckOutcome {
  const provider = providerOf('jurisdiction');
  const place = jurisdictionNames[inputs.property.jurisdiction];
  return inputs.property.jurisdiction === 'sg'
    ? {
        status: 'failed',
        provider,
        result: `Tokenization is offered only for properties in New Zealand and Australia; ${place} is not supported.`,
      }
    : { status: 'passed', provider, result: `${place}: tokenization is offered for properties here.` };
}

export const complianceChecks: Record<ComplianceCheckKind, (inputs: CheckInputs) => CheckOutcome> = {
  title: titleCheck,
  valuation: valuationCheck,
  insurance: insuranceCheck,
  aml: amlCheck,
  kyc: kycCheck,
  jurisdiction: jurisdictionCheck,
};
