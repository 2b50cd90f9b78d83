#include "LaunchScanner.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace alloy::port {
namespace {

constexpr size_t npos = std::string::npos;

bool isIdent(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Offsets of code (not comments, strings, character literals): a mask.
std::vector<bool> codeMask(const std::string &s) {
  std::vector<bool> code(s.size(), true);
  size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "//") == 0) {
      size_t e = i;
      while (e < s.size() && s[e] != '\n')
        e += (s[e] == '\\' && e + 1 < s.size()) ? 2 : 1;
      std::fill(code.begin() + i, code.begin() + std::min(e, s.size()), false);
      i = e;
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t e = s.find("*/", i + 2);
      e = e == npos ? s.size() : e + 2;
      std::fill(code.begin() + i, code.begin() + e, false);
      i = e;
    } else if (s[i] == 'R' && i + 1 < s.size() && s[i + 1] == '"' &&
               (i == 0 || !isIdent(s[i - 1]))) {
      size_t paren = s.find('(', i + 2);
      if (paren == npos)
        return code;
      std::string close = ")" + s.substr(i + 2, paren - i - 2) + "\"";
      size_t e = s.find(close, paren);
      e = e == npos ? s.size() : e + close.size();
      std::fill(code.begin() + i, code.begin() + e, false);
      i = e;
    } else if (s[i] == '"' ||
               (s[i] == '\'' &&
                (i == 0 ||
                 !std::isxdigit(static_cast<unsigned char>(s[i - 1]))))) {
      char q = s[i];
      size_t e = i + 1;
      while (e < s.size() && s[e] != q && s[e] != '\n')
        e += s[e] == '\\' ? 2 : 1;
      e = std::min(e + 1, s.size());
      std::fill(code.begin() + i, code.begin() + e, false);
      i = e;
    } else {
      ++i;
    }
  }
  return code;
}

// True when offset `at` lies on a preprocessor directive's line (with its
// backslash continuations).
bool inDirective(const std::string &s, size_t at) {
  size_t line = s.rfind('\n', at == 0 ? 0 : at - 1);
  line = line == npos ? 0 : line + 1;
  while (line >= 2 && s[line - 2] == '\\') { // a continued line
    size_t prev = s.rfind('\n', line - 2 == 0 ? 0 : line - 3);
    line = prev == npos ? 0 : prev + 1;
  }
  size_t first = s.find_first_not_of(" \t", line);
  return first != npos && s[first] == '#';
}

// Where the kernel expression before `<<<` at `open` starts: a name with
// `::` qualifiers and template arguments; npos when there is none.
size_t calleeStart(const std::string &s, size_t open) {
  size_t i = open;
  auto skipSpace = [&] {
    while (i > 0 && std::isspace(static_cast<unsigned char>(s[i - 1])))
      --i;
  };
  size_t start = npos;
  while (true) {
    skipSpace();
    if (i > 0 && s[i - 1] == '>') { // template arguments
      int depth = 0;
      while (i > 0) {
        char c = s[--i];
        if (c == '>')
          ++depth;
        else if (c == '<' && --depth == 0)
          break;
      }
      if (depth != 0)
        return npos;
      skipSpace();
    }
    size_t end = i;
    while (i > 0 && isIdent(s[i - 1]))
      --i;
    if (i == end || std::isdigit(static_cast<unsigned char>(s[i])))
      return start;
    start = i;
    skipSpace();
    if (i >= 2 && s[i - 1] == ':' && s[i - 2] == ':') {
      i -= 2;
      continue;
    }
    return start;
  }
}

} // namespace

ParsedText::ParsedText(const std::string &original) : original_(original) {
  const std::vector<bool> code = codeMask(original);
  size_t cursor = 0, i = 0;
  while ((i = original.find("<<<", i)) != npos) {
    if (!code[i]) {
      i += 3;
      continue;
    }
    if (inDirective(original, i)) {
      // Parsed as a plain call: the configuration becomes spaces.
      size_t close = original.find(">>>", i + 3);
      size_t line = original.find('\n', i);
      if (close != npos && (line == npos || close < line)) {
        copy(cursor, i);
        insert(std::string(close + 3 - i, ' '));
        cursor = close + 3;
      }
      skipped_.push_back({i, "a launch in a macro definition"});
      i += 3;
      continue;
    }
    size_t callee = calleeStart(original, i);
    // The matching `>>>`: the first at bracket depth 0.
    int depth = 0;
    size_t close = npos;
    for (size_t j = i + 3; j + 2 < original.size(); ++j) {
      if (!code[j])
        continue;
      char c = original[j];
      if (c == '(' || c == '[' || c == '{')
        ++depth;
      else if (c == ')' || c == ']' || c == '}')
        --depth;
      else if (depth == 0 && original.compare(j, 3, ">>>") == 0) {
        close = j;
        break;
      } else if (c == ';' && depth == 0)
        break;
    }
    if (callee == npos || close == npos || callee < cursor) {
      skipped_.push_back({i, callee == npos
                                 ? "no kernel name before <<<"
                                 : "no >>> closing the launch configuration"});
      i += 3;
      continue;
    }
    Launch l{callee, i, i + 3, close, close + 3};
    copy(cursor, callee);
    l.parsedConfigCall = parsed_.size();
    insert("__alloy_port_launch(");
    copy(l.configBegin, l.configEnd);
    insert("), ");
    l.parsedCallee = parsed_.size();
    copy(callee, i);
    cursor = l.close;
    launches_.push_back(l);
    i = l.close;
  }
  copy(cursor, original.size());
}

void ParsedText::copy(size_t from, size_t to) {
  if (to <= from)
    return;
  pieces_.push_back({parsed_.size(), from, to - from});
  parsed_.append(original_, from, to - from);
}

void ParsedText::insert(const std::string &s) {
  pieces_.push_back({parsed_.size(), npos, s.size()});
  parsed_ += s;
}

size_t ParsedText::toOriginal(size_t p) const {
  auto it = std::upper_bound(
      pieces_.begin(), pieces_.end(), p,
      [](size_t v, const Piece &piece) { return v < piece.parsed; });
  if (it == pieces_.begin())
    return npos;
  --it;
  if (it->original == npos || p >= it->parsed + it->length)
    return p == parsed_.size() ? original_.size() : npos;
  return it->original + (p - it->parsed);
}

size_t ParsedText::endToOriginal(size_t p) const {
  if (p == 0)
    return toOriginal(0);
  size_t last = toOriginal(p - 1);
  return last == npos ? npos : last + 1;
}

std::string blankLaunches(const std::string &text) {
  std::string out = text;
  const std::vector<bool> code = codeMask(text);
  size_t i = 0;
  while ((i = out.find("<<<", i)) != npos) {
    size_t close = code[i] ? out.find(">>>", i + 3) : npos;
    if (close == npos) {
      i += 3;
      continue;
    }
    for (size_t k = i; k < close + 3; ++k)
      if (out[k] != '\n')
        out[k] = ' ';
    i = close + 3;
  }
  return out;
}

} // namespace alloy::port
