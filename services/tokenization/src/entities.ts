import { CreateKycClearances1765843200500, KycClearance } from '@app/platform';
import { CreateTokenization1766620800600 } from '../migrations/1766620800600-create-tokenization';
import { ComplianceRun } from './compliance/compliance-run.entity';
import { ChainFactory } from './deployment/chain-factory.entity';
import { TokenContract } from './deployment/token-contract.entity';
import { Investment } from './investments/investment.entity';
import { WholesaleDeclaration } from './investments/wholesale-declaration.entity';
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
  ],
  migrations: [CreateKycClearances1765843200500, CreateTokenization1766620800600],
};
