#!/usr/bin/env node
// A FAKE OpenAI chat completions API: a test double for services/chat-support's tests and the
// offline demo. It is not OpenAI and not a language model. It speaks the wire format the openai SDK
// uses (POST /v1/chat/completions, Bearer key, tool calls, json_schema response formats) and
// answers deterministically, like a model that follows chat-support's instructions to the letter:
//   - a `response_format` json_schema named sentiment_result: a sentiment from its own small word
//     list (not the spec's keywords, so a test can tell which answered): furious, terrible,
//     disappointed, scam → negative -0.7 (escalate when "scam"); delighted, brilliant → positive
//     0.7; otherwise neutral 0 with confidence 0.5;
//   - tools offered and no tool result yet for the last user message: a tool call, to
//     get_my_support_requests when the message asks about "my" tickets/requests/cases, to
//     get_my_subscription about "my" plan/subscription, to get_my_recent_transactions about "my"
//     transactions/payments, else to search_help with the message as the query;
//   - after tool results: the first passage's first line and its citation ("... [id]"), the
//     support requests cited as [support-history], the subscription as [my-subscription], the
//     transactions as [my-transactions], or NO_ANSWER when the search found nothing.
// Test controls (not OpenAI):
//   GET  /__fake/requests          the completion requests received (body and authorization), oldest first
//   POST /__fake/script {responses} queues answers used before the rules above, each one of
//        {content} | {tool_calls: [{name, arguments}]} | {status, message} (an API error)
//   POST /__fake/outage {on}       every completion answers 503 while on
//   POST /__fake/reset             forgets requests, script and outage
//   node tools/fake-openai/server.mjs --port 11434 [--api-key K]   (key also from OPENAI_API_KEY)
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const negativeWords = ['furious', 'terrible', 'disappointed', 'scam'];
const positiveWords = ['delighted', 'brilliant'];
const ownRecords = /\bmy\b.*\b(tickets?|requests?|cases?|escalations?)\b/i;
const ownPlan = /\bmy\b.*\b(plan|subscription)\b/i;
const ownTransactions = /\bmy\b.*\b(transactions?|payments?)\b/i;

export function createState() {
  return { requests: [], script: [], outage: false };
}

const textOf = (content) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('')
      : '';

function sentimentOf(text) {
  const lower = text.toLowerCase();
  const negative = negativeWords.filter((word) => lower.includes(word));
  if (negative.length) {
    return {
      score: -0.7,
      label: 'negative',
      confidence: 0.85,
      escalationRequired: negative.includes('scam'),
      reason: `fake model: ${negative.join(', ')}`,
    };
  }
  const positive = positiveWords.filter((word) => lower.includes(word));
  if (positive.length) {
    return { score: 0.7, label: 'positive', confidence: 0.85, escalationRequired: false, reason: 'fake model: praise' };
  }
  return { score: 0, label: 'neutral', confidence: 0.5, escalationRequired: false, reason: 'fake model: neutral' };
}

/** The answer the rules give for a request: { content } or { tool_calls }. */
function ruleAnswer(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  if (body.response_format?.type === 'json_schema') {
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    if (body.response_format.json_schema?.name === 'sentiment_result') {
      return { content: JSON.stringify(sentimentOf(textOf(lastUser?.content))) };
    }
    return { content: '{}' };
  }
  const lastUserIndex = messages.map((message) => message.role).lastIndexOf('user');
  const toolResults = messages.slice(lastUserIndex + 1).filter((message) => message.role === 'tool');
  const tools = Array.isArray(body.tools) ? body.tools.map((tool) => tool.function?.name) : [];
  if (toolResults.length === 0 && tools.length > 0) {
    const question = textOf(messages[lastUserIndex]?.content);
    if (ownRecords.test(question) && tools.includes('get_my_support_requests')) {
      return { tool_calls: [{ name: 'get_my_support_requests', arguments: '{}' }] };
    }
    if (ownPlan.test(question) && tools.includes('get_my_subscription')) {
      return { tool_calls: [{ name: 'get_my_subscription', arguments: '{}' }] };
    }
    if (ownTransactions.test(question) && tools.includes('get_my_recent_transactions')) {
      return { tool_calls: [{ name: 'get_my_recent_transactions', arguments: '{}' }] };
    }
    if (tools.includes('search_help')) {
      return { tool_calls: [{ name: 'search_help', arguments: JSON.stringify({ query: question }) }] };
    }
  }
  const calls = new Map();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) calls.set(call.id, call.function?.name);
  }
  for (const result of toolResults) {
    const text = textOf(result.content);
    if (calls.get(result.tool_call_id) === 'get_my_support_requests') {
      return { content: `Your support requests: ${text.split('\n').join('; ')} [support-history]` };
    }
    if (calls.get(result.tool_call_id) === 'get_my_subscription') {
      return { content: `Your subscription: ${text} [my-subscription]` };
    }
    if (calls.get(result.tool_call_id) === 'get_my_recent_transactions') {
      return { content: `Your recent transactions: ${text.split('\n').join('; ')} [my-transactions]` };
    }
    const passage = text.match(/^\[([\w.-]+)\] [^\n]*\n([^\n]+)/);
    if (passage) return { content: `${passage[2]} [${passage[1]}]` };
  }
  return { content: 'NO_ANSWER' };
}

function completion(body, answer) {
  const toolCalls = answer.tool_calls?.map((call) => ({
    id: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    type: 'function',
    function: { name: call.name, arguments: call.arguments ?? '{}' },
  }));
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: toolCalls ? null : (answer.content ?? ''),
          refusal: null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

const apiError = (message, type = 'invalid_request_error') => ({ error: { message, type, param: null, code: null } });

export function startFakeOpenAi({ port = 0, host = '127.0.0.1', apiKey } = {}) {
  const state = createState();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status, payload) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      let body = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      } catch {
        return reply(400, apiError('We could not parse the JSON body of your request.'));
      }
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (path === '/__fake/requests' && req.method === 'GET') return reply(200, { data: state.requests });
      if (path === '/__fake/script' && req.method === 'POST') {
        state.script.push(...(Array.isArray(body.responses) ? body.responses : []));
        return reply(200, { queued: state.script.length });
      }
      if (path === '/__fake/outage' && req.method === 'POST') {
        state.outage = Boolean(body.on);
        return reply(200, { outage: state.outage });
      }
      if (path === '/__fake/reset' && req.method === 'POST') {
        Object.assign(state, createState());
        return reply(200, { reset: true });
      }
      if ((path === '/v1/chat/completions' || path === '/chat/completions') && req.method === 'POST') {
        const authorization = req.headers.authorization ?? '';
        state.requests.push({ body, authorization });
        if (apiKey && authorization !== `Bearer ${apiKey}`) {
          return reply(401, apiError('Incorrect API key provided.', 'invalid_api_key'));
        }
        if (state.outage) return reply(503, apiError('The fake is in an outage.', 'server_error'));
        const scripted = state.script.shift();
        if (scripted?.status)
          return reply(scripted.status, apiError(scripted.message ?? 'scripted error', 'server_error'));
        return reply(200, completion(body, scripted ?? ruleAnswer(body)));
      }
      reply(404, apiError(`Unknown request URL: ${req.method} ${path}`));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeOpenAi({
    port: Number(arg('port') ?? process.env.PORT ?? 11434),
    apiKey: arg('api-key') ?? process.env.OPENAI_API_KEY,
  });
  console.warn(`fake OpenAI API (a test double, not OpenAI) listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
