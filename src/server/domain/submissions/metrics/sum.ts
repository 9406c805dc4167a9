// Compensated (Neumaier) summation: the sum of a million terms stays within an ulp or two of the
// exact sum, so means agree with scikit-learn's (numpy's pairwise sums) far inside 1e-9 whatever
// the row order.

export class Sum {
  private sum = 0;
  private compensation = 0;

  add(value: number): void {
    const total = this.sum + value;
    if (Math.abs(this.sum) >= Math.abs(value)) this.compensation += this.sum - total + value;
    else this.compensation += value - total + this.sum;
    this.sum = total;
  }

  get value(): number {
    return this.sum + this.compensation;
  }
}
