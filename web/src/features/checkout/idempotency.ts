//! The `Idempotency-Key` of one checkout attempt: generated once, kept while the same order is
//! asked again (double click, retry after a network failure, second tab of the same attempt), and
//! replaced only when the request changes or once the order is placed.

export class AttemptKey {
  private key: string | null = null;
  private request: string | null = null;
  private readonly generate: () => string;

  constructor(generate: () => string = () => crypto.randomUUID()) {
    this.generate = generate;
  }

  /** The key for this request body: the same body keeps the same key. */
  for(request: unknown): string {
    const signature = JSON.stringify(request);
    if (this.key === null || this.request !== signature) {
      this.key = this.generate();
      this.request = signature;
    }
    return this.key;
  }

  /** After the order is placed: the next order is a new attempt. */
  done(): void {
    this.key = null;
    this.request = null;
  }
}
