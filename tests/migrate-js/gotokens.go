// The Go scanner's tokens of each file, for the hostile-name check
// (hostile-names.js): one JSON line per token, identifiers as IDENT and
// literals as their kind (their text is a name's, by design), every other
// token by its text. Comments are not tokens here. Run with `go run`.
package main

import (
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
)

func main() {
	for _, path := range os.Args[1:] {
		src, err := os.ReadFile(path)
		if err != nil {
			panic(err)
		}
		fset := token.NewFileSet()
		file := fset.AddFile(path, fset.Base(), len(src))
		var s scanner.Scanner
		errors := 0
		s.Init(file, src, func(pos token.Position, msg string) { errors++ }, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			text := tok.String()
			switch {
			case tok == token.IDENT:
				text = "IDENT"
			case tok.IsLiteral():
				text = tok.String()
			case tok == token.SEMICOLON && lit == "\n":
				text = ";"
			}
			line, _ := json.Marshal(map[string]string{"file": path, "token": text})
			fmt.Println(string(line))
		}
		if errors > 0 {
			line, _ := json.Marshal(map[string]string{"file": path, "token": fmt.Sprintf("ERRORS:%d", errors)})
			fmt.Println(string(line))
		}
	}
}
