import { FakeServerProcess } from '../../../test-support/fake-server';

export interface FakeOpenAiRequest {
  authorization: string;
  body: {
    model: string;
    messages: { role: string; content: string | null }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean } };
  };
}

/** The fake OpenAI chat completions API (a test double, tools/fake-openai) in a child process on a free port. */
export class FakeOpenAiProcess extends FakeServerProcess {
  static async start(apiKey: string): Promise<FakeOpenAiProcess> {
    const { child, url } = await FakeServerProcess.launch('fake-openai', ['--api-key', apiKey]);
    return new FakeOpenAiProcess(child, url);
  }

  /** The base URL the openai SDK is given (OPENAI_BASE_URL). */
  get baseUrl(): string {
    return `${this.url}/v1`;
  }

  async requests(): Promise<FakeOpenAiRequest[]> {
    return ((await (await fetch(`${this.url}/__fake/requests`)).json()) as { data: FakeOpenAiRequest[] }).data;
  }

  /** Queues answers given before the fake's own rules: `{ content }`, or `{ status, message }` for an API error. */
  async script(...responses: ({ content: string } | { status: number; message: string })[]): Promise<void> {
    await fetch(`${this.url}/__fake/script`, { method: 'POST', body: JSON.stringify({ responses }) });
  }

  async outage(on: boolean): Promise<void> {
    await fetch(`${this.url}/__fake/outage`, { method: 'POST', body: JSON.stringify({ on }) });
  }

  async reset(): Promise<void> {
    await fetch(`${this.url}/__fake/reset`, { method: 'POST', body: '{}' });
  }
}
