#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace docshape::ui::panels {

// A small highlighter for the export previews: JSON (keys, strings,
// numbers, literals) and the mongosh JavaScript of create.js (also
// keywords and comments).
class CodeHighlighter : public QSyntaxHighlighter {
    Q_OBJECT

public:
    enum class Language { Json, JavaScript };

    CodeHighlighter(QTextDocument *document, Language language);

    Language language() const { return m_language; }
    void setLanguage(Language language);

    // The language of an export file, by its extension.
    static Language languageOf(const QString &fileName);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
    };

    Language m_language;
    std::vector<Rule> m_rules;
    QTextCharFormat m_comment;
};

} // namespace docshape::ui::panels
