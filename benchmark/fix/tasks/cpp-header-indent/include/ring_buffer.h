// A fixed-capacity ring buffer: a C++ class template in a ".h" header,
// so the C++ constraint must apply to it.
#ifndef RING_BUFFER_H
#define RING_BUFFER_H

#include <cstddef>
#include <stdexcept>

namespace ring {

template <typename T, std::size_t N>
class RingBuffer {
public:
  bool empty() const { return count_==0; }
  bool full() const { return count_==N; }
  std::size_t size() const { return count_; }

  void push(const T &value) {
    if (full()) {
      throw std::overflow_error("ring buffer full");
    }
    items_[(head_+count_)%N] = value;
    count_++;
  }

  T pop() {
    if (empty()) {
      throw std::underflow_error("ring buffer empty");
    }
    T value = items_[head_];
    head_ = (head_+1)%N;
    count_--;
    return value;
  }

  T sum() const {
    T total=T();
    for (std::size_t i=0; i<count_; i++) {
      total += items_[(head_+i)%N];
    }
    return total;
  }

private:
  T items_[N] = {};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace ring

#endif
