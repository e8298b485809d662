import { Module } from '@nestjs/common';
import { MailModule } from '@app/platform';
import { tokenizationPlatform, tokenizationProviders, tokenizationQueues } from './app.module';
import { ComplianceRunner } from './compliance/compliance-runner.service';
import { ComplianceProcessor } from './compliance/compliance.processor';
import { tokenizationWorkerConfigSchema } from './config';
import { DeploymentRunner } from './deployment/deployment-runner.service';
import { DeploymentProcessor } from './deployment/deployment.processor';
import { TokenChains } from './deployment/token-chains';
import { LockupRunner } from './investments/lockup-runner.service';
import { LockupProcessor } from './investments/lockup.processor';
import { MintRunner } from './investments/mint-runner.service';
import { MintProcessor } from './investments/mint.processor';

/**
 * The tokenization worker: same code and platform, running the compliance checks, the token
 * deployments, the mints of paid investments and the end of their lock-ups instead of HTTP. It consumes no events (the API keeps the KYC read model, in the
 * same schema); its outbox relay publishes what it records. The only tokenization process with
 * the deployer key and the chains (tokenizationWorkerConfigSchema, TokenChains).
 */
@Module({
  imports: [tokenizationPlatform(tokenizationWorkerConfigSchema), tokenizationQueues, MailModule],
  providers: [
    ...tokenizationProviders,
    TokenChains,
    ComplianceRunner,
    ComplianceProcessor,
    DeploymentRunner,
    DeploymentProcessor,
    MintRunner,
    MintProcessor,
    LockupRunner,
    LockupProcessor,
  ],
})
export class WorkerModule {}
