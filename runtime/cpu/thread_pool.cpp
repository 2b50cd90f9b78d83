#include "thread_pool.hpp"

#include "grid.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace gpu::detail::cpu {
namespace {

// Worker threads that run the indices of one job at a time; the calling
// thread works too.
class thread_pool {
public:
  explicit thread_pool(unsigned workers) {
    for (unsigned i = 0; i < workers; ++i)
      threads_.emplace_back([this] { work(); });
  }
  ~thread_pool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread &t : threads_)
      t.join();
  }

  void run(uint64_t count, const std::function<void(uint64_t, uint64_t)> &body) {
    std::lock_guard serial(run_mutex_);
    {
      std::lock_guard lock(mutex_);
      body_ = &body;
      count_ = count;
      next_.store(0);
      busy_ = unsigned(threads_.size());
      ++generation_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    body_ = nullptr;
  }

private:
  // Indices in chunks (about 16 per thread), so that short blocks do not
  // all meet at one counter.
  void drain() {
    uint64_t chunk =
        std::max<uint64_t>(1, count_ / (16 * (threads_.size() + 1)));
    for (uint64_t i; (i = next_.fetch_add(chunk)) < count_;)
      (*body_)(i, std::min(count_, i + chunk));
  }
  void work() {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_)
          return;
        seen = generation_;
      }
      drain();
      std::lock_guard lock(mutex_);
      if (--busy_ == 0)
        done_.notify_all();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex run_mutex_, mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(uint64_t, uint64_t)> *body_ = nullptr;
  uint64_t count_ = 0, generation_ = 0;
  std::atomic<uint64_t> next_{0};
  unsigned busy_ = 0;
  bool stop_ = false;
};

} // namespace

unsigned worker_count() {
  static const unsigned n = [] {
    if (const char *env = std::getenv("ALLOY_CPU_THREADS"))
      if (int v = std::atoi(env); v > 0)
        return unsigned(v);
    unsigned hw = std::thread::hardware_concurrency();
    return hw ? hw : 1u;
  }();
  return n;
}

void run_on_workers(uint64_t count,
                    const std::function<void(uint64_t, uint64_t)> &body) {
  static thread_pool pool(worker_count() - 1);
  pool.run(count, body);
}

} // namespace gpu::detail::cpu
