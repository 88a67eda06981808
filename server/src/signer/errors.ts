// What the signer refuses, apart from the nodes' own failures (NodeError, retried later): either
// kind here is final for the payout as asked, so its loop must not retry it unchanged.

/** A payout that cannot be built as asked: an address of another network, a dust amount, a coin that is not the wallet's. */
export class InvalidPayout extends Error {
  override name = 'InvalidPayout';
}

/** A transaction signed offline that is not the payout it was asked to sign; the message names the difference. */
export class SignedMismatch extends Error {
  override name = 'SignedMismatch';
}
