/** A refill under way: the keys whose change was heard since it began, or all of them (`void`). */
export interface RefillMark<K> {
  readonly dirty: Set<K>;
  void: boolean;
}

/**
 * The refills a cache has under way (kept-reads.ts, the api's session cache), and kept-reads.ts's
 * single reads: each began before its reads, and keeps a read only when no change of it was heard
 * since. A cache calls `heard` with every key it forgets and `heardAll` when it forgets everything or
 * stops hearing.
 */
export class RefillMarks<K> {
  private readonly open = new Set<RefillMark<K>>();

  /** Call before the refill's reads, and `end` after. */
  begin(): RefillMark<K> {
    const mark: RefillMark<K> = { dirty: new Set(), void: false };
    this.open.add(mark);
    return mark;
  }

  end(mark: RefillMark<K>): void {
    this.open.delete(mark);
  }

  heard(key: K): void {
    for (const mark of this.open) mark.dirty.add(key);
  }

  heardAll(): void {
    for (const mark of this.open) mark.void = true;
  }
}
