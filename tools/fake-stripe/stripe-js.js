/* global window, document */
// A STAND-IN for Stripe.js, served by the local fake Stripe (server.mjs) at /v3 and /endive/stripe.js so
// card payments work offline. It is not Stripe.js: it has only what the web app calls through
// @stripe/stripe-js and @stripe/react-stripe-js (Stripe(pk), stripe.elements(), elements.create('card' or
// 'payment'), element.mount/on/off/update/destroy, elements.getElement, stripe.confirmCardPayment and
// stripe.confirmPayment). Its card field is three plain inputs in the page (no iframe); the card goes to
// the fake's POST /v1/payment_intents/:id/confirm with the publishable key and the client secret, as
// Stripe.js sends it to Stripe, and the fake plays Stripe's test cards (4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication: a dialog here).
(function () {
  'use strict';
  const script = document.currentScript;
  const apiBase = script && script.src ? new URL(script.src).origin : window.location.origin;
  const AUTHENTICATION_CARD = '4000002500003155';

  const digits = (value) => String(value || '').replace(/\D/g, '');
  const luhn = (number) => {
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return number.length >= 12 && sum % 10 === 0;
  };
  const validationError = (code, message) => ({ type: 'validation_error', code, message });

  /** The card as typed, checked as Stripe's card field checks it; `error` when it is not complete or valid. */
  function readCard(inputs) {
    const number = digits(inputs.number.value);
    const [month, year] = inputs.expiry.value.split('/').map((part) => Number(digits(part)));
    const cvc = digits(inputs.cvc.value);
    const empty = !number && !inputs.expiry.value.trim() && !cvc;
    let error = null;
    if (!number) error = validationError('incomplete_number', 'Your card number is incomplete.');
    else if (!luhn(number)) error = validationError('invalid_number', 'Your card number is invalid.');
    else if (!month || !year)
      error = validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
    else if (month < 1 || month > 12)
      error = validationError('invalid_expiry_month', "Your card's expiration month is invalid.");
    else {
      const fullYear = year < 100 ? 2000 + year : year;
      const today = new Date();
      if (fullYear < today.getFullYear() || (fullYear === today.getFullYear() && month < today.getMonth() + 1))
        error = validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
      else if (cvc.length < 3) error = validationError('incomplete_cvc', "Your card's security code is incomplete.");
      else return { card: { number, exp_month: month, exp_year: fullYear, cvc }, error: null, empty };
    }
    return { card: null, error, empty };
  }

  /** The card field: number, expiry and CVC inputs mounted in the page. */
  function createCardElement(type, options) {
    const listeners = new Map();
    let container = null;
    let inputs = null;
    let style = (options && options.style && options.style.base) || {};
    const emit = (event, payload) => (listeners.get(event) || []).slice().forEach((handler) => handler(payload));
    const input = (name, label, placeholder, autocomplete) => {
      const field = document.createElement('input');
      field.name = name;
      field.setAttribute('aria-label', label);
      field.placeholder = placeholder;
      field.autocomplete = autocomplete;
      field.inputMode = 'numeric';
      field.dataset.fakeStripe = name;
      field.style.cssText =
        'background:transparent;border:0;outline:none;font:inherit;min-width:0;' +
        `color:${style.color || 'inherit'};font-size:${style.fontSize || '16px'};`;
      field.addEventListener('input', () => {
        const { error, empty } = readCard(inputs);
        emit('change', { elementType: type, empty, complete: !error, error: error && !empty ? error : undefined });
      });
      field.addEventListener('focus', () => emit('focus', { elementType: type }));
      field.addEventListener('blur', () => emit('blur', { elementType: type }));
      return field;
    };
    const element = {
      mount(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        inputs = {
          number: input('cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number'),
          expiry: input('exp-date', 'Expiration date MM / YY', 'MM / YY', 'cc-exp'),
          cvc: input('cvc', 'CVC', 'CVC', 'cc-csc'),
        };
        inputs.number.style.flex = '1 1 12em';
        inputs.expiry.style.flex = '0 1 6em';
        inputs.cvc.style.flex = '0 1 4em';
        const row = document.createElement('div');
        row.className = 'FakeStripeElement';
        row.style.cssText = 'display:flex;gap:8px;align-items:center;';
        row.append(inputs.number, inputs.expiry, inputs.cvc);
        container.append(row);
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(event, handler) {
        listeners.set(event, [...(listeners.get(event) || []), handler]);
        return element;
      },
      off(event, handler) {
        listeners.set(
          event,
          (listeners.get(event) || []).filter((h) => h !== handler),
        );
        return element;
      },
      update(changes) {
        if (changes && changes.style && changes.style.base) style = changes.style.base;
      },
      focus() {
        if (inputs) inputs.number.focus();
      },
      clear() {
        if (inputs) Object.values(inputs).forEach((field) => (field.value = ''));
      },
      unmount() {
        if (container) container.replaceChildren();
      },
      destroy() {
        element.unmount();
        container = null;
        inputs = null;
      },
      /** Not Stripe's: the stand-in's own reading of its inputs. */
      _card: () => (inputs ? readCard(inputs) : { card: null, error: validationError('incomplete', 'No card.') }),
      __elementType: type,
    };
    return element;
  }

  function createElements(options) {
    const created = new Map();
    return {
      create(type, elementOptions) {
        if (type !== 'card' && type !== 'payment')
          throw new Error(`This stand-in for Stripe.js has no ${type} element (only card and payment).`);
        const element = createCardElement(type, elementOptions);
        created.set(type, element);
        return element;
      },
      getElement(which) {
        const type = typeof which === 'string' ? which : which && which.__elementType;
        return created.get(type) || null;
      },
      update() {},
      fetchUpdates: () => Promise.resolve({}),
      submit: () => {
        const element = created.get('payment') || created.get('card');
        const { error } = element ? element._card() : { error: validationError('incomplete', 'No card.') };
        return Promise.resolve(error ? { error } : {});
      },
      _options: options || {},
    };
  }

  /** The 3-D Secure step of the card that asks for it: a dialog; resolves true when completed. */
  function authenticate() {
    return new Promise((resolve) => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', 'Authenticate this payment (fake Stripe test)');
      dialog.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
        'background:rgba(0,0,0,.6);font-family:system-ui,sans-serif;';
      const box = document.createElement('div');
      box.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:360px;';
      const text = document.createElement('p');
      text.textContent =
        'Local fake of Stripe (test double): this card asks the bank to authenticate the payment. Complete or fail it.';
      const button = (label, outcome) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.marginRight = '8px';
        b.addEventListener('click', () => {
          dialog.remove();
          resolve(outcome);
        });
        return b;
      };
      box.append(text, button('Complete authentication', true), button('Fail authentication', false));
      dialog.append(box);
      document.body.append(dialog);
    });
  }

  function createStripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_\w+$/.test(publishableKey))
      throw new Error('Invalid API Key provided: Stripe() needs a publishable key (pk_...).');

    async function confirm(clientSecret, element) {
      const match = /^(pi_\w+?)_secret_\w+$/.exec(String(clientSecret || ''));
      if (!match) {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message: 'Invalid value for confirm: the client secret should be of the form pi_..._secret_....',
          },
        };
      }
      if (!element || typeof element._card !== 'function') {
        return {
          error: { type: 'invalid_request_error', message: 'A card element is needed to confirm this payment.' },
        };
      }
      const { card, error } = element._card();
      if (error) return { error };
      if (card.number === AUTHENTICATION_CARD && !(await authenticate())) {
        return {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message:
              'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          },
        };
      }
      const body = new URLSearchParams({
        key: publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card.number,
        'payment_method_data[card][exp_month]': String(card.exp_month),
        'payment_method_data[card][exp_year]': String(card.exp_year),
        'payment_method_data[card][cvc]': card.cvc,
      });
      let response;
      try {
        response = await fetch(`${apiBase}/v1/payment_intents/${match[1]}/confirm`, { method: 'POST', body });
      } catch {
        return {
          error: { type: 'api_connection_error', message: 'We could not reach the payment provider. Try again.' },
        };
      }
      const answer = await response.json();
      return response.ok ? { paymentIntent: answer } : { error: answer.error };
    }

    return {
      elements: (options) => createElements(options),
      confirmCardPayment: (clientSecret, data) =>
        confirm(clientSecret, data && data.payment_method && data.payment_method.card),
      confirmPayment: ({ elements, clientSecret } = {}) =>
        confirm(
          clientSecret || (elements && elements._options.clientSecret),
          elements && (elements.getElement('payment') || elements.getElement('card')),
        ),
      createToken: () => Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not in the stand-in.' } }),
      createPaymentMethod: () =>
        Promise.resolve({ error: { type: 'invalid_request_error', message: 'Not in the stand-in.' } }),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  createStripe.version = 'endive';
  window.Stripe = createStripe;
})();
