'use strict';

// A bounded FIFO queue.
class BoundedQueue
{
  constructor(capacity)
  {
    this.capacity = capacity;
    this.items = [];
  }

  push(x)
  {
    if (this.items.length >= this.capacity)
    {
      return false;
    }
    this.items.push(x);
    return true;
  }

  pop()
  {
    if (this.items.length === 0)
    {
      throw new Error('empty queue');
    }
    else
    {
      return this.items.shift();
    }
  }

  get size()
  {
    return this.items.length;
  }
}

const defaults = {
  capacity: 4,
};

module.exports = { BoundedQueue, defaults };
