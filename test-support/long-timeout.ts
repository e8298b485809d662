// Integration and end-to-end tests wait on real brokers, mail and browsers.
jest.setTimeout(120_000);
