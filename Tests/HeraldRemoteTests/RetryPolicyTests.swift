import Foundation
@testable import HeraldRemote
import NIOHTTP1
import Testing

// The retry loop of the fetcher as a unit: scripted answers for its tries, the waits it asks for
// recorded instead of slept.

private typealias Answer = Result<HTTPFetcher.Response, HTTPFetcher.Failure>

private func status(_ code: Int, retryAfter: String? = nil) -> Answer {
    .success(
        HTTPFetcher.Response(
            url: "https://api.example.org/tasks.json", status: code,
            headers: HTTPHeaders(retryAfter.map { [("Retry-After", $0)] } ?? []), body: []))
}

private func failure(transient: Bool) -> Answer {
    .failure(HTTPFetcher.Failure(cause: "connection refused", transient: transient))
}

/// Runs the loop over `answers`, the last one repeated for any further try.
private func retried(_ answers: [Answer]) -> (result: Answer, tries: Int, waits: [Double]) {
    var tries = 0
    var waits: [Double] = []
    let result = HTTPFetcher.retrying(
        ask: {
            defer { tries += 1 }
            return answers[min(tries, answers.count - 1)]
        }, wait: { waits.append($0) })
    return (result, tries, waits)
}

private func statusCode(of answer: Answer) -> Int? {
    if case .success(let response) = answer { return response.status }
    return nil
}

/// The backoff before try `attempt + 1`: 0.5 s doubled per try, with up to a quarter more.
private func backoff(after attempt: Int) -> ClosedRange<Double> {
    let floor = 0.5 * pow(2, Double(attempt - 1))
    return floor...(floor * 1.25)
}

@Test func aClientErrorOtherThanARateLimitIsTheAnswerOfTheFirstTry() {
    // The README's remote data: never another 4xx, a 408 included, which says the request was too slow to send.
    for code in 400..<500 where code != 429 {
        let run = retried([status(code), status(200)])
        #expect(run.tries == 1 && run.waits.isEmpty, "\(code)")
        #expect(statusCode(of: run.result) == code)
    }
}

@Test func serverErrorsAndRateLimitsAreAskedAgainAfterABackoffUpToTheLimit() {
    for code in [429, 500, 502, 503, 504, 599] {
        let run = retried([status(code)])
        #expect(run.tries == HTTPRetry.maxAttempts, "\(code)")
        #expect(run.waits.count == HTTPRetry.maxAttempts - 1)
        for (attempt, wait) in run.waits.enumerated() {
            #expect(backoff(after: attempt + 1).contains(wait), "\(code): wait \(wait) after try \(attempt + 1)")
        }
        guard case .failure(let failure) = run.result else {
            Issue.record("\(code) ended in an answer")
            continue
        }
        #expect(failure.cause == HTTPRetry.describe(code) && failure.transient)
    }
}

@Test func askingAgainStopsAtTheFirstAnswerThatIsNotAServerError() {
    let recovered = retried([status(503), status(502), status(200)])
    #expect(recovered.tries == 3 && recovered.waits.count == 2 && statusCode(of: recovered.result) == 200)
    let gone = retried([status(503), status(404), status(200)])
    #expect(gone.tries == 2 && statusCode(of: gone.result) == 404)
    let unchanged = retried([status(500), status(304)])
    #expect(unchanged.tries == 2 && statusCode(of: unchanged.result) == 304)
}

@Test func aConnectionFailureIsAskedAgainOnlyWhenAnotherTryMayHelp() {
    let refused = retried([failure(transient: true)])
    #expect(refused.tries == HTTPRetry.maxAttempts)
    let noSuchHost = retried([failure(transient: false), status(200)])
    #expect(noSuchHost.tries == 1 && noSuchHost.waits.isEmpty)
    let back = retried([failure(transient: true), status(200)])
    #expect(back.tries == 2 && statusCode(of: back.result) == 200)
}

@Test func retryAfterIsWaitedWhenLongerThanTheBackoffAndNeverBeyondTheLongestWait() {
    #expect(retried([status(429, retryAfter: "7"), status(200)]).waits == [7])
    #expect(retried([status(503, retryAfter: "12"), status(200)]).waits == [12])
    #expect(retried([status(429, retryAfter: "100000"), status(200)]).waits == [HTTPRetry.maxBackoff])
    // Sooner than the backoff, or not a wait at all: the backoff.
    for value in ["0", "-5", "1e9", "soon", "", "Sat, 21 Nov 2020 09:00:00 GMT"] {
        let waits = retried([status(429, retryAfter: value), status(200)]).waits
        #expect(waits.count == 1 && backoff(after: 1).contains(waits[0]), "\(value): \(waits)")
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let later = formatter.string(from: Date().addingTimeInterval(20))
    let waits = retried([status(429, retryAfter: later), status(200)]).waits
    #expect(waits.count == 1 && (17...20).contains(waits[0]), "\(later): \(waits)")
}
