#!/usr/bin/env node
// A FAKE XRP Ledger server (rippled): a test double for services/crypto-escrow's tests and the
// offline demo. It is not the XRP Ledger: one process, one in-memory ledger that closes a new
// ledger per applied transaction, no consensus, no peers. It answers the WebSocket JSON-RPC
// methods xrpl.js uses (api_version 2 shapes): server_info, server_state, fee, ping, subscribe,
// account_info, account_objects, account_tx, ledger, submit, tx. Submitted blobs are decoded and
// their signatures verified; Payment, EscrowCreate, EscrowFinish and EscrowCancel are applied
// with the ledger's rules that matter here: sequence, fee, reserve, FinishAfter / CancelAfter
// against the ledger close time (tecNO_PERMISSION), PREIMAGE-SHA-256 fulfillment against the
// escrow's condition (tecCRYPTOCONDITION_ERROR), missing escrow (tecNO_TARGET).
// Test controls (plain HTTP on the same port, not rippled):
//   GET  /__fake/ledger                       the ledger header, accounts and escrows
//   POST /__fake/fund     {address, xrp?}     credits an account (creates it), default 1000 XRP
//   POST /__fake/advance  {seconds, ledgers?} moves the ledger clock forward and closes a ledger (or `ledgers`)
//   POST /__fake/escrows/close {owner, sequence, type?, history?}  closes an escrow as another party would
//   POST /__fake/hold     {on}                while on, a submitted (well-signed) blob is answered terQUEUED and
//                                             held, in no ledger: the submitter waits, as for a slow network
//   POST /__fake/held     {action}            apply: the held blobs are applied now (each result answered);
//                                             drop: they are discarded, as a transaction that never got in
// With --auto-fund (the dev stack), an unknown account asked for by account_info is created with
// 1000 XRP, so a freshly generated wallet can be used at once. account_tx pages with a marker;
// --account-tx-page-size N answers at most N entries a page (as rippled may), so paging can be tested.
// Never with real money.
//   node tools/fake-rippled/server.mjs --port 12131 [--auto-fund] [--account-tx-page-size N]
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import xrpl from 'xrpl';
import { WebSocketServer } from 'ws';

const { decode, deriveAddress, hashes, verifySignature } = xrpl;
const RIPPLE_EPOCH = 946684800;
const DROPS = 1_000_000n;
const BASE_FEE = 10n;
const RESERVE_BASE = 10n * DROPS;
const RESERVE_INC = 2n * DROPS;
const GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

const hex = (bytes = 32) => randomBytes(bytes).toString('hex').toUpperCase();
const xrpString = (drops) => {
  const whole = drops / DROPS;
  const fraction = (drops % DROPS).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

class Rejection extends Error {
  constructor(code, message) {
    super(message ?? code);
    this.code = code;
  }
}

const resultMessages = {
  tesSUCCESS: 'The transaction was applied. Only final in a validated ledger.',
  tecNO_PERMISSION: 'No permission to perform requested operation.',
  tecCRYPTOCONDITION_ERROR: 'Malformed or incorrect cryptocondition.',
  tecNO_TARGET: 'Target object does not exist.',
  tecNO_DST: 'Destination does not exist. Send XRP to create it.',
  tecNO_DST_INSUF_XRP: 'Destination does not exist. Too little XRP sent to create it.',
  tecUNFUNDED: 'Not enough XRP to satisfy the reserve requirement.',
  tecUNFUNDED_PAYMENT: 'Insufficient XRP balance to send.',
  temBAD_EXPIRATION: 'Malformed: Bad expiration.',
  temMALFORMED: 'Malformed transaction.',
  temBAD_AMOUNT: 'Malformed: Bad amount.',
  temBAD_SIGNATURE: 'Malformed: Bad signature.',
  temDISABLED: 'The transaction requires logic that is currently disabled.',
  tefPAST_SEQ: 'This sequence number has already passed.',
  tefMAX_LEDGER: 'Ledger sequence too high.',
  terQUEUED: 'Held until escalated fee drops.',
  terPRE_SEQ: 'Missing/inapplicable prior transaction.',
  terNO_ACCOUNT: 'The source account does not exist.',
  telINSUF_FEE_P: 'Fee insufficient.',
};
const resultCodes = { tesSUCCESS: 0, tecNO_PERMISSION: 139, tecCRYPTOCONDITION_ERROR: 146, tecNO_TARGET: 138 };

/** The PREIMAGE-SHA-256 condition (DER hex) a fulfillment (DER hex) satisfies, or null when malformed. */
export function conditionOfFulfillment(fulfillmentHex) {
  const der = Buffer.from(fulfillmentHex, 'hex');
  // A0 <len> 80 <len> <preimage>, lengths in short form (preimages up to 127 bytes) or 81 xx.
  if (der[0] !== 0xa0) return null;
  let offset = 1;
  const readLength = () => {
    const first = der[offset++];
    if (first < 0x80) return first;
    if (first === 0x81) return der[offset++];
    return -1;
  };
  const outer = readLength();
  if (outer < 0 || offset + outer !== der.length || der[offset++] !== 0x80) return null;
  const length = readLength();
  if (length < 0 || offset + length !== der.length) return null;
  const preimage = der.subarray(offset);
  const digest = createHash('sha256').update(preimage).digest();
  const cost = preimage.length < 128 ? Buffer.from([preimage.length]) : Buffer.from([0x00, preimage.length]);
  const body = Buffer.concat([Buffer.from([0x80, 0x20]), digest, Buffer.from([0x81, cost.length]), cost]);
  return Buffer.concat([Buffer.from([0xa0, body.length]), body])
    .toString('hex')
    .toUpperCase();
}

export function createLedger({ autoFund = false, accountTxPageSize } = {}) {
  const state = {
    ledgerIndex: 1000,
    ledgerHash: hex(),
    clockOffset: 0,
    closeTime: 0,
    accounts: new Map(),
    /** key `${owner}:${sequence}` -> Escrow ledger object. */
    escrows: new Map(),
    /** hash -> { tx_json, meta, ledger_index, close_time } */
    transactions: new Map(),
    /** address -> hashes, newest last. */
    accountTx: new Map(),
    autoFund,
    /** At most this many account_tx entries per page (unset: as many as the request's limit). */
    accountTxPageSize,
    /** While true, submitted blobs are held (terQUEUED), not applied. */
    hold: false,
    held: [],
  };
  const rippleNow = () => Math.floor(Date.now() / 1000) + state.clockOffset - RIPPLE_EPOCH;
  state.closeTime = rippleNow();
  const close = () => {
    state.ledgerIndex += 1;
    state.ledgerHash = hex();
    state.closeTime = Math.max(rippleNow(), state.closeTime + 1);
  };
  const fund = (address, drops) => {
    const account = state.accounts.get(address);
    if (account) account.balance += drops;
    else
      state.accounts.set(address, {
        address,
        balance: drops,
        sequence: state.ledgerIndex,
        ownerCount: 0,
        previousTxnId: hex(),
      });
    return state.accounts.get(address);
  };
  fund(GENESIS, 100_000_000_000n * DROPS);
  const reserveOf = (account) => RESERVE_BASE + RESERVE_INC * BigInt(account.ownerCount);
  const record = (hash, tx, result, accounts) => {
    const entry = {
      hash,
      tx_json: tx,
      meta: { TransactionIndex: 0, TransactionResult: result, AffectedNodes: [] },
      ledger_index: state.ledgerIndex,
      close_time: state.closeTime,
    };
    state.transactions.set(hash, entry);
    for (const address of new Set(accounts.filter(Boolean))) {
      if (!state.accountTx.has(address)) state.accountTx.set(address, []);
      state.accountTx.get(address).push(hash);
    }
    return entry;
  };

  const dropsOf = (amount) => {
    if (typeof amount !== 'string' || !/^\d+$/.test(amount)) throw new Rejection('temBAD_AMOUNT');
    const drops = BigInt(amount);
    if (drops <= 0n) throw new Rejection('temBAD_AMOUNT');
    return drops;
  };

  /** Applies one transaction to the open ledger: returns the tec/tes result (fee and sequence taken). */
  function apply(tx, account, hash) {
    const now = state.closeTime;
    switch (tx.TransactionType) {
      case 'Payment': {
        const amount = dropsOf(tx.Amount);
        if (tx.Destination === tx.Account) throw new Rejection('temREDUNDANT');
        if (account.balance - reserveOf(account) < amount) return 'tecUNFUNDED_PAYMENT';
        if (!state.accounts.has(tx.Destination) && amount < RESERVE_BASE) return 'tecNO_DST_INSUF_XRP';
        account.balance -= amount;
        fund(tx.Destination, amount);
        return 'tesSUCCESS';
      }
      case 'EscrowCreate': {
        const amount = dropsOf(tx.Amount);
        if (tx.FinishAfter === undefined && tx.CancelAfter === undefined) throw new Rejection('temBAD_EXPIRATION');
        if (tx.FinishAfter !== undefined && tx.CancelAfter !== undefined && tx.CancelAfter <= tx.FinishAfter) {
          throw new Rejection('temBAD_EXPIRATION');
        }
        if (tx.Condition !== undefined && !/^A0258020[0-9A-F]{64}8101[0-9A-F]{2}$/i.test(tx.Condition)) {
          throw new Rejection('temMALFORMED');
        }
        if (tx.FinishAfter !== undefined && tx.FinishAfter <= now) return 'tecNO_PERMISSION';
        if (tx.CancelAfter !== undefined && tx.CancelAfter <= now) return 'tecNO_PERMISSION';
        if (!state.accounts.has(tx.Destination)) return 'tecNO_DST';
        if (account.balance - (reserveOf(account) + RESERVE_INC) < amount) return 'tecUNFUNDED';
        account.balance -= amount;
        account.ownerCount += 1;
        state.escrows.set(`${tx.Account}:${tx.Sequence}`, {
          LedgerEntryType: 'Escrow',
          Account: tx.Account,
          Destination: tx.Destination,
          Amount: tx.Amount,
          ...(tx.Condition ? { Condition: tx.Condition.toUpperCase() } : {}),
          ...(tx.FinishAfter !== undefined ? { FinishAfter: tx.FinishAfter } : {}),
          ...(tx.CancelAfter !== undefined ? { CancelAfter: tx.CancelAfter } : {}),
          ...(tx.DestinationTag !== undefined ? { DestinationTag: tx.DestinationTag } : {}),
          ...(tx.SourceTag !== undefined ? { SourceTag: tx.SourceTag } : {}),
          Flags: 0,
          OwnerNode: '0',
          DestinationNode: '0',
          PreviousTxnID: hash,
          PreviousTxnLgrSeq: state.ledgerIndex,
          index: hex(),
        });
        return 'tesSUCCESS';
      }
      case 'EscrowFinish': {
        if (Boolean(tx.Condition) !== Boolean(tx.Fulfillment)) throw new Rejection('temMALFORMED');
        const escrow = state.escrows.get(`${tx.Owner}:${tx.OfferSequence}`);
        if (!escrow) return 'tecNO_TARGET';
        if (escrow.FinishAfter !== undefined && now <= escrow.FinishAfter) return 'tecNO_PERMISSION';
        if (escrow.CancelAfter !== undefined && now > escrow.CancelAfter) return 'tecNO_PERMISSION';
        if (escrow.Condition) {
          if (!tx.Fulfillment || tx.Condition.toUpperCase() !== escrow.Condition) return 'tecCRYPTOCONDITION_ERROR';
          if (conditionOfFulfillment(tx.Fulfillment) !== escrow.Condition) return 'tecCRYPTOCONDITION_ERROR';
        } else if (tx.Fulfillment) {
          return 'tecCRYPTOCONDITION_ERROR';
        }
        state.escrows.delete(`${tx.Owner}:${tx.OfferSequence}`);
        fund(escrow.Destination, BigInt(escrow.Amount));
        state.accounts.get(tx.Owner).ownerCount -= 1;
        return 'tesSUCCESS';
      }
      case 'EscrowCancel': {
        const escrow = state.escrows.get(`${tx.Owner}:${tx.OfferSequence}`);
        if (!escrow) return 'tecNO_TARGET';
        if (escrow.CancelAfter === undefined || now <= escrow.CancelAfter) return 'tecNO_PERMISSION';
        state.escrows.delete(`${tx.Owner}:${tx.OfferSequence}`);
        const owner = state.accounts.get(tx.Owner);
        owner.balance += BigInt(escrow.Amount);
        owner.ownerCount -= 1;
        return 'tesSUCCESS';
      }
      default:
        throw new Rejection('temDISABLED', `The fake ledger does not apply ${tx.TransactionType}.`);
    }
  }

  function submit(blob) {
    let tx;
    try {
      tx = decode(blob);
    } catch {
      throw Object.assign(new Error('invalidTransaction'), {
        rpc: ['invalidTransaction', 'Transaction could not be decoded.'],
      });
    }
    const hash = hashes.hashSignedTx(blob);
    const answer = (engineResult, applied) => ({
      engine_result: engineResult,
      engine_result_code: resultCodes[engineResult] ?? (engineResult.startsWith('tec') ? 100 : -1),
      engine_result_message: resultMessages[engineResult] ?? engineResult,
      tx_blob: blob,
      tx_json: { ...tx, hash },
      accepted: applied,
      applied,
      broadcast: applied,
      kept: applied,
      queued: false,
      validated_ledger_index: state.ledgerIndex,
    });
    try {
      if (!tx.SigningPubKey || !tx.TxnSignature || !verifySignature(blob)) throw new Rejection('temBAD_SIGNATURE');
      if (deriveAddress(tx.SigningPubKey) !== tx.Account) throw new Rejection('temBAD_SIGNATURE');
      if (state.hold) {
        state.held.push(blob);
        return { ...answer('terQUEUED', false), queued: true };
      }
      const account = state.accounts.get(tx.Account);
      if (!account) throw new Rejection('terNO_ACCOUNT');
      if (tx.Sequence < account.sequence) throw new Rejection('tefPAST_SEQ');
      if (tx.Sequence > account.sequence) throw new Rejection('terPRE_SEQ');
      const fee = dropsOf(tx.Fee);
      if (fee < BASE_FEE) throw new Rejection('telINSUF_FEE_P');
      if (account.balance < fee) throw new Rejection('terINSUF_FEE_B');
      if (tx.LastLedgerSequence !== undefined && tx.LastLedgerSequence <= state.ledgerIndex) {
        throw new Rejection('tefMAX_LEDGER');
      }
      close();
      const result = apply(tx, account, hash);
      account.balance -= fee;
      account.sequence += 1;
      account.previousTxnId = hash;
      record(hash, tx, result, [tx.Account, tx.Destination, tx.Owner]);
      return answer(result, true);
    } catch (error) {
      if (error instanceof Rejection) return answer(error.code, false);
      throw error;
    }
  }

  const txView = (entry) => ({
    hash: entry.hash,
    ledger_index: entry.ledger_index,
    close_time_iso: new Date((entry.close_time + RIPPLE_EPOCH) * 1000).toISOString().replace('.000', ''),
    validated: true,
    tx_json: { ...entry.tx_json, date: entry.close_time, ledger_index: entry.ledger_index },
    meta: entry.meta,
  });

  const ledgerHeader = () => ({
    ledger_index: state.ledgerIndex,
    ledger_hash: state.ledgerHash,
    close_time: state.closeTime,
    close_time_iso: new Date((state.closeTime + RIPPLE_EPOCH) * 1000).toISOString(),
  });

  const rpcError = (error, message) => Object.assign(new Error(message), { rpc: [error, message] });
  const accountOf = (address) => {
    let account = state.accounts.get(address);
    if (!account && state.autoFund && typeof address === 'string' && /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) {
      account = fund(address, 1000n * DROPS);
    }
    if (!account) throw rpcError('actNotFound', 'Account not found.');
    return account;
  };

  function handle(request) {
    switch (request.command) {
      case 'ping':
      case 'subscribe':
      case 'unsubscribe':
        return {};
      case 'server_info':
        return {
          info: {
            build_version: 'fake-rippled-1.0 (a test double)',
            complete_ledgers: `1000-${state.ledgerIndex}`,
            hostid: 'FAKE',
            load_factor: 1,
            peers: 0,
            server_state: 'full',
            validated_ledger: {
              age: 0,
              base_fee_xrp: Number(BASE_FEE) / 1e6,
              hash: state.ledgerHash,
              reserve_base_xrp: Number(RESERVE_BASE / DROPS),
              reserve_inc_xrp: Number(RESERVE_INC / DROPS),
              seq: state.ledgerIndex,
            },
            validation_quorum: 1,
          },
        };
      case 'server_state':
        return {
          state: {
            build_version: 'fake-rippled-1.0 (a test double)',
            server_state: 'full',
            load_base: 256,
            load_factor: 256,
            validated_ledger: {
              base_fee: Number(BASE_FEE),
              close_time: state.closeTime,
              hash: state.ledgerHash,
              reserve_base: Number(RESERVE_BASE),
              reserve_inc: Number(RESERVE_INC),
              seq: state.ledgerIndex,
            },
          },
        };
      case 'fee':
        return {
          current_ledger_size: '0',
          current_queue_size: '0',
          drops: {
            base_fee: String(BASE_FEE),
            median_fee: '5000',
            minimum_fee: String(BASE_FEE),
            open_ledger_fee: String(BASE_FEE),
          },
          expected_ledger_size: '1000',
          ledger_current_index: state.ledgerIndex + 1,
          levels: { median_level: '128000', minimum_level: '256', open_ledger_level: '256', reference_level: '256' },
          max_queue_size: '2000',
        };
      case 'ledger':
        return {
          ledger: {
            ledger_index: String(state.ledgerIndex),
            ledger_hash: state.ledgerHash,
            close_time: state.closeTime,
            close_time_iso: ledgerHeader().close_time_iso,
            closed: true,
          },
          ledger_hash: state.ledgerHash,
          ledger_index: state.ledgerIndex,
          validated: true,
        };
      case 'account_info': {
        const account = accountOf(request.account);
        return {
          account_data: {
            Account: account.address,
            Balance: account.balance.toString(),
            Flags: 0,
            LedgerEntryType: 'AccountRoot',
            OwnerCount: account.ownerCount,
            PreviousTxnID: account.previousTxnId,
            Sequence: account.sequence,
            index: hex(),
          },
          ledger_index: state.ledgerIndex,
          validated: request.ledger_index !== 'current',
        };
      }
      case 'account_objects': {
        accountOf(request.account);
        const type = request.type;
        const objects =
          type && type !== 'escrow'
            ? []
            : [...state.escrows.values()].filter(
                (e) => e.Account === request.account || e.Destination === request.account,
              );
        return { account: request.account, account_objects: objects, ledger_index: state.ledgerIndex, validated: true };
      }
      case 'account_tx': {
        accountOf(request.account);
        const hashes = state.accountTx.get(request.account) ?? [];
        const forward = request.forward === true;
        // Like rippled, the server may answer fewer than `limit` (--account-tx-page-size) and says where to go on.
        const limit = Math.max(1, Math.min(Number(request.limit ?? 200), state.accountTxPageSize ?? Infinity));
        // The marker is a position in the account's append-only list (oldest first), so new transactions
        // do not shift the pages still to be read.
        const start = Number(request.marker?.position ?? (forward ? 0 : hashes.length));
        const from = forward ? start : Math.max(0, start - limit);
        const to = forward ? Math.min(hashes.length, start + limit) : start;
        const page = hashes.slice(from, to).map((hash) => txView(state.transactions.get(hash)));
        if (!forward) page.reverse();
        const more = forward ? to < hashes.length : from > 0;
        return {
          account: request.account,
          transactions: page,
          ledger_index_min: 1000,
          ledger_index_max: state.ledgerIndex,
          limit,
          ...(more ? { marker: { position: forward ? to : from } } : {}),
          validated: true,
        };
      }
      case 'tx': {
        const entry = state.transactions.get(String(request.transaction ?? '').toUpperCase());
        if (!entry) throw rpcError('txnNotFound', 'Transaction not found.');
        return txView(entry);
      }
      case 'submit':
        if (typeof request.tx_blob !== 'string') throw rpcError('invalidParams', "Missing field 'tx_blob'.");
        return submit(request.tx_blob);
      default:
        throw rpcError('unknownCmd', `The fake rippled does not answer ${request.command}.`);
    }
  }

  // Like a real network, ledgers close on their own (every second here), so LastLedgerSequence passes.
  const ticker = setInterval(close, 1000);
  ticker.unref();

  return {
    state,
    handle,
    stop: () => clearInterval(ticker),
    fund: (address, xrp = 1000) => fund(address, BigInt(Math.round(Number(xrp) * 1e6))),
    /**
     * Closes an escrow as if another party had submitted the transaction (history: true records an
     * EscrowFinish / EscrowCancel in account_tx; false leaves no trace, like a pruned history).
     */
    closeEscrow: ({ owner, sequence, type = 'EscrowFinish', history = true }) => {
      const key = `${owner}:${sequence}`;
      const escrow = state.escrows.get(key);
      if (!escrow) throw new Error('no such escrow');
      state.escrows.delete(key);
      close();
      if (type === 'EscrowFinish') fund(escrow.Destination, BigInt(escrow.Amount));
      else state.accounts.get(owner).balance += BigInt(escrow.Amount);
      state.accounts.get(owner).ownerCount -= 1;
      if (!history) return { hash: null };
      const hash = hex();
      const account = type === 'EscrowFinish' ? escrow.Destination : owner;
      record(
        hash,
        { TransactionType: type, Account: account, Owner: owner, OfferSequence: Number(sequence), Fee: '12' },
        'tesSUCCESS',
        [account, owner, escrow.Destination],
      );
      return { hash };
    },
    advance: (seconds, ledgers = 1) => {
      state.clockOffset += Number(seconds);
      for (let i = 0; i < Math.max(1, Number(ledgers)); i += 1) close();
    },
    /** Holds submitted blobs (on) or lets them through again (off). */
    setHold: (on) => {
      state.hold = Boolean(on);
      return { hold: state.hold, held: state.held.length };
    },
    /** The held blobs: applied now (apply) or discarded (drop). */
    releaseHeld: (action) => {
      const blobs = state.held.splice(0);
      if (action !== 'apply') return { dropped: blobs.length };
      const hold = state.hold;
      state.hold = false;
      try {
        return {
          applied: blobs.map((blob) => {
            const result = submit(blob);
            return { hash: result.tx_json.hash, engine_result: result.engine_result };
          }),
        };
      } finally {
        state.hold = hold;
      }
    },
    view: () => ({
      ...ledgerHeader(),
      accounts: [...state.accounts.values()].map((a) => ({
        address: a.address,
        balanceXrp: xrpString(a.balance),
        sequence: a.sequence,
        ownerCount: a.ownerCount,
      })),
      escrows: [...state.escrows.values()],
      transactions: state.transactions.size,
      held: state.held.length,
    }),
  };
}

/** Starts the fake on loopback (port 0 picks a free one): WebSocket JSON-RPC and the /__fake controls. */
export function startFakeRippled({ port = 0, host = '127.0.0.1', autoFund = false, accountTxPageSize } = {}) {
  const ledger = createLedger({ autoFund, accountTxPageSize });
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      try {
        const url = new URL(req.url ?? '/', 'http://fake-rippled');
        const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
        if (url.pathname === '/__fake/ledger' && req.method === 'GET') return reply(200, ledger.view());
        if (url.pathname === '/__fake/fund' && req.method === 'POST') {
          const account = ledger.fund(body.address, body.xrp ?? 1000);
          return reply(200, { address: account.address, balanceXrp: xrpString(account.balance) });
        }
        if (url.pathname === '/__fake/escrows/close' && req.method === 'POST')
          return reply(200, ledger.closeEscrow(body));
        if (url.pathname === '/__fake/advance' && req.method === 'POST') {
          ledger.advance(Number(body.seconds ?? 0), Number(body.ledgers ?? 1));
          return reply(200, ledger.view());
        }
        if (url.pathname === '/__fake/hold' && req.method === 'POST')
          return reply(200, ledger.setHold(body.on !== false));
        if (url.pathname === '/__fake/held' && req.method === 'POST') {
          if (body.action !== 'apply' && body.action !== 'drop')
            return reply(400, { error: 'action must be apply or drop' });
          return reply(200, ledger.releaseHeld(body.action));
        }
        reply(404, { error: 'not found' });
      } catch (error) {
        reply(400, { error: String(error?.message ?? error) });
      }
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      let request;
      try {
        request = JSON.parse(String(data));
      } catch {
        return socket.send(JSON.stringify({ status: 'error', type: 'response', error: 'badSyntax' }));
      }
      const base = { id: request.id, type: 'response', api_version: request.api_version ?? 2 };
      try {
        socket.send(JSON.stringify({ ...base, status: 'success', result: ledger.handle(request) }));
      } catch (error) {
        const [code, message] = error.rpc ?? ['internal', String(error?.message ?? error)];
        socket.send(JSON.stringify({ ...base, status: 'error', error: code, error_message: message, request }));
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `ws://${host}:${actual}`,
        httpUrl: `http://${host}:${actual}`,
        port: actual,
        ledger,
        close: () =>
          new Promise((done) => {
            for (const client of wss.clients) client.terminate();
            wss.close();
            ledger.stop();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const fake = await startFakeRippled({
    port: Number(arg('port') ?? process.env.PORT ?? 12131),
    autoFund: process.argv.includes('--auto-fund') || process.env.FAKE_RIPPLED_AUTO_FUND === '1',
    accountTxPageSize: arg('account-tx-page-size') ? Number(arg('account-tx-page-size')) : undefined,
  });
  console.warn(
    `fake rippled (a test double, not the XRP Ledger) listening on ${fake.url} (controls on ${fake.httpUrl}/__fake/)`,
  );
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
