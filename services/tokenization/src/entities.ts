import {
  CreateKycClearances1765843200500,
  CreateMailRecipients1767916800600,
  KycClearance,
  MailRecipient,
} from '@app/platform';
import { CreateTokenization1766620800600 } from '../migrations/1766620800600-create-tokenization';
import { DeploymentRule1767571200600 } from '../migrations/1767571200600-deployment-rule';
import { ComplianceRun } from './compliance/compliance-run.entity';
import { ChainFactory } from './deployment/chain-factory.entity';
import { TokenContract } from './deployment/token-contract.entity';
import { Investment } from './investments/investment.entity';
import { WholesaleDeclaration } from './investments/wholesale-declaration.entity';
import { AccountPlan } from './plans/account-plan.entity';
import { PropertyDocument } from './properties/property-document.entity';
import { Property } from './properties/property.entity';

export const tokenizationDatabase = {
  schema: 'tokenization',
  entities: [
    Property,
    PropertyDocument,
    ComplianceRun,
    TokenContract,
    ChainFactory,
    Investment,
    WholesaleDeclaration,
    KycClearance,
    AccountPlan,
    MailRecipient,
  ],
  migrations: [
    CreateKycClearances1765843200500,
    CreateTokenization1766620800600,
    DeploymentRule1767571200600,
    CreateMailRecipients1767916800600,
  ],
};
