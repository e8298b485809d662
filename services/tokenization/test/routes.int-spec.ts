import { expectServesItsDescribedRoutes } from '../../../test-support';
import { AppModule } from '../src/app.module';

// The HTTP surface is described once (packages/contracts, http/routes): the service serves exactly
// the routes described for it, and nothing else.
expectServesItsDescribedRoutes('tokenization', AppModule);
