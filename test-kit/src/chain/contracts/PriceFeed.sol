// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A Chainlink-compatible price feed (AggregatorV3Interface) for the test chains: 8 decimals,
/// `latestRoundData`, `getRoundData`, and `setAnswer` so tests set the price and its age.
contract PriceFeed {
    uint8 public constant decimals = 8;
    uint256 public constant version = 4;

    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    // Storage layout: setPrice (test-kit/src/chain/actions.ts) writes a round into `rounds` and then
    // `latestRound` directly, without a transaction, so setting a price mines no block. Slot 0:
    // latestRound; slot 1: rounds (a round's three fields at keccak256(roundId . 1) + 0, 1, 2).
    uint80 public latestRound;
    mapping(uint80 => Round) private rounds;
    string public description;
    address public immutable owner;

    /// As Chainlink's aggregators emit it.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(string memory description_, int256 answer, uint256 updatedAt) {
        owner = msg.sender;
        description = description_;
        _setAnswer(answer, updatedAt);
    }

    function setAnswer(int256 answer, uint256 updatedAt) external {
        require(msg.sender == owner, "only the deployer sets the answer");
        _setAnswer(answer, updatedAt);
    }

    function latestAnswer() external view returns (int256) {
        return rounds[latestRound].answer;
    }

    function latestTimestamp() external view returns (uint256) {
        return rounds[latestRound].updatedAt;
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(latestRound);
    }

    function getRoundData(uint80 roundId_)
        public
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = rounds[roundId_];
        require(round.updatedAt != 0, "No data present");
        return (roundId_, round.answer, round.startedAt, round.updatedAt, roundId_);
    }

    function _setAnswer(int256 answer, uint256 updatedAt) private {
        latestRound += 1;
        rounds[latestRound] = Round(answer, updatedAt, updatedAt);
        emit AnswerUpdated(answer, latestRound, updatedAt);
    }
}
